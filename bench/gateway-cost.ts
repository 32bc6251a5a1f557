// What the gateway itself costs per call, apart from any service: the gateway (as `npm start` runs it) and the
// minimal Node proxy (`bench/minimal-proxy.ts`) each stand in front of the same stub service, which answers a
// page of 24 cards and one course from memory, each with an ETag as the courses service's answers have. The stub
// answers in microseconds (the page also as the courses service keeps it, in brotli, which the gateway passes on
// without compressing it again), so the figures are the hops' own: CPU time per call of the gateway and of the minimal
// proxy (from /proc), and the ratio of the two, which the machine's state changes far less than throughput. Rounds
// alternate the order of the hops; the table gives each figure's median over the rounds.
// `node bench/gateway-cost.ts` (options: --rounds N --seconds S --concurrency C, and --gateway FILE to load another
// checkout's gateway/src/server.ts in the same rounds beside this one's, for a before and after)
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { freePort } from '@portal/kit/server';
import { cpuTicksOf, signIn, TICKS_PER_SECOND } from './portal.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '16' },
    gateway: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const root = path.resolve(import.meta.dirname, '..');

const user = { id: randomUUID(), name: 'Bench User', email: 'bench@example.com', language: 'en', isSysAdmin: false };
const card = (index: number) => ({
  id: randomUUID(),
  title: `Course ${index}: working safely with customer data`,
  shortDescription:
    'What the law asks of everyone who handles customer data, and the habits that keep it safe. '.repeat(3),
  isPublished: true,
  categoryIds: [randomUUID()],
  language: 'en',
  defaultLanguage: 'en',
  languages: ['en', 'fr', 'de'],
});
const page = Buffer.from(JSON.stringify(Array.from({ length: 24 }, (_, index) => card(index))));
const pageTag = 'W/"42.bench"';
// As the courses service keeps a list: compressed once, at the quality the gateway's `compression` uses.
const keptPage = brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
const course = Buffer.from(
  JSON.stringify({ ...card(0), description: `<p>${'A paragraph of the course. '.repeat(150)}</p>`, files: [] }),
);
// Express's default entity tag of a body, which the courses service's answers carry.
const courseTag = `W/"${course.length.toString(16)}-${createHash('sha1').update(course).digest('base64').slice(0, 27)}"`;

/** The stub service: sign-in for the gateway's session, a page of cards and one course, from memory. */
const stub = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/internal/login') {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(user));
    return;
  }
  const answer = (body: Buffer, etag: string, headers: Record<string, string> = {}) => {
    const all = { 'content-type': 'application/json; charset=utf-8', etag, ...headers };
    if (req.headers['if-none-match'] === etag) res.writeHead(304, all).end();
    else res.writeHead(200, { ...all, 'content-length': body.length }).end(body);
  };
  if (req.url?.startsWith('/api/courses?kept'))
    return answer(keptPage, pageTag, { 'x-total-count': '10000', 'content-encoding': 'br', vary: 'Accept-Encoding' });
  if (req.url?.startsWith('/api/courses?')) return answer(page, pageTag, { 'x-total-count': '10000' });
  if (req.url?.startsWith('/api/courses/')) return answer(course, courseTag);
  res.writeHead(404).end();
});
const stubPort = await freePort();
await new Promise<void>((resolve) => stub.listen(stubPort, '127.0.0.1', resolve));
const stubUrl = `http://127.0.0.1:${stubPort}`;

/** A gateway as `npm start` runs it, in front of the stub, with a signed-in session. */
async function startGateway(entry: string) {
  const port = await freePort();
  // The benchmark's own Node flags go on to the gateway: `node --cpu-prof bench/gateway-cost.ts` profiles it too.
  const child = spawn(process.execPath, [...process.execArgv, path.resolve(entry)], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      IDENTITY_SECRET: randomBytes(32).toString('hex'),
      AUTH_SERVICE_URL: stubUrl,
      COURSES_SERVICE_URL: stubUrl,
      FILES_SERVICE_URL: stubUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const origin = `http://127.0.0.1:${port}`;
  await untilListening(origin);
  const { cookie } = await signIn(origin, { email: user.email, password: 'Bench12345' });
  return { origin, headers: { cookie }, pid: child.pid ?? 0 };
}

const clientConnections = new Agent({ connections: 64 });

async function untilListening(url: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${url}/livez`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the gateway did not start');
}

interface Run {
  rps: number;
  cpuMsPerCall: number;
}

/** Closed-loop load from `concurrency` clients; the CPU time per call is that of the process `pid`. */
async function load(url: string, headers: Record<string, string>, pid: number, duration: number): Promise<Run> {
  const before = cpuTicksOf(pid) ?? 0;
  let calls = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const answer = await request(url, {
          headers: { 'accept-encoding': 'br, gzip', ...headers },
          dispatcher: clientConnections,
        });
        await answer.body.arrayBuffer();
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
        calls += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = (((cpuTicksOf(pid) ?? before) - before) * 1000) / TICKS_PER_SECOND;
  return { rps: calls / elapsed, cpuMsPerCall: cpuMs / calls };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const children: ChildProcess[] = [];
try {
  const minimalProxyPort = await freePort();
  const minimalProxy = fork(path.join(root, 'bench/minimal-proxy.ts'), [String(minimalProxyPort), stubUrl]);
  children.push(minimalProxy);
  await new Promise((resolve) => minimalProxy.once('message', resolve));
  const hops = [
    { name: 'gateway', ...(await startGateway(path.join(root, 'gateway/src/server.ts'))) },
    ...(values.gateway ? [{ name: 'other gateway', ...(await startGateway(values.gateway)) }] : []),
    { name: 'minimal proxy', origin: `http://127.0.0.1:${minimalProxyPort}`, headers: {}, pid: minimalProxy.pid ?? 0 },
  ];
  const loadAtStart = loadavg()[0] ?? 0;
  const calls = [
    { name: 'a page of 24 cards', path: '/api/courses?limit=24&offset=240' },
    { name: 'the page kept compressed', path: '/api/courses?kept&limit=24&offset=240' },
    { name: 'one course', path: `/api/courses/${randomUUID()}` },
  ];
  const lines: string[] = [];
  for (const call of calls) {
    const runs = new Map(hops.map((hop) => [hop.name, [] as Run[]]));
    for (const hop of hops) await load(`${hop.origin}${call.path}`, hop.headers, hop.pid, 1);
    for (let round = 0; round < rounds; round += 1) {
      for (const hop of round % 2 ? [...hops].reverse() : hops)
        runs.get(hop.name)?.push(await load(`${hop.origin}${call.path}`, hop.headers, hop.pid, seconds));
    }
    const cpu = (name: string) => median((runs.get(name) ?? []).map((run) => run.cpuMsPerCall));
    const rps = (name: string) => median((runs.get(name) ?? []).map((run) => run.rps));
    for (const hop of hops)
      lines.push(
        `| ${call.name} | ${hop.name} | ${cpu(hop.name).toFixed(3)} | ${(cpu(hop.name) / cpu('minimal proxy')).toFixed(2)} | ${rps(hop.name).toFixed(0)} | ${(rps(hop.name) / rps('minimal proxy')).toFixed(2)} |`,
      );
  }
  const report = [
    `Gateway cost, ${new Date().toISOString()}: ${concurrency} clients, ${rounds} rounds of ${seconds} s per hop and call, medians; load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
    '',
    '| call | hop | CPU ms/call | CPU per call / minimal proxy | req/s | req/s / minimal proxy |',
    '|---|---|---|---|---|---|',
    ...lines,
    '',
    'The minimal proxy passes the JSON on as it comes; the gateway compresses it (brotli) unless it came compressed.',
  ].join('\n');
  console.log(report);
  // A comparison with another checkout's gateway is a developer's measurement, not the product's report.
  if (!values.gateway) {
    const reportFile = path.join(root, 'bench/reports/gateway-cost.txt');
    writeFileSync(reportFile, `${report}\n`);
    console.log(`Report written to ${path.relative(root, reportFile)}`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  stub.close();
  stub.closeAllConnections();
  await clientConnections.close();
}
