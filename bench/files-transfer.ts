// Benchmark of attachments: uploads and downloads one large file (200 MiB by default) through the gateway,
// prints MB/s each way and the peak memory (RSS) of the gateway and the files service, which must stay flat:
// no whole file is held in memory anywhere on the path. `node bench/files-transfer.ts [--mib N] [--postgres URL]`.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@portal/kit/server';
import { signIn, startPortal } from './portal.ts';
import { scratchDatabase } from '@portal/kit/testing/backends';

const { values } = parseArgs({ options: { mib: { type: 'string', default: '200' }, postgres: { type: 'string' } } });
const MIB = 1024 * 1024;
const size = Number(values.mib) * MIB;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-files-'));
const admin = { email: 'bench-admin@example.com', password: 'Bench12345' };
const csrf = { 'x-requested-with': 'XMLHttpRequest' };

const databases = values.postgres
  ? {
      auth: await scratchDatabase(values.postgres),
      courses: await scratchDatabase(values.postgres),
      files: await scratchDatabase(values.postgres),
    }
  : undefined;

/** The child processes of the portal, found by their entry file. */
function pidOf(parent: number, entry: string): number {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(entry)) return Number(name);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error(`no process for ${entry}`);
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** A multipart body generated on the fly: the benchmark itself never holds the file either. */
function multipartBody(hash: ReturnType<typeof createHash>) {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const block = randomBytes(MIB);
  let sent = 0;
  let phase: 'head' | 'body' | 'tail' | 'done' = 'head';
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (phase === 'head') {
        controller.enqueue(
          new TextEncoder().encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
        );
        phase = 'body';
      } else if (phase === 'body') {
        const piece = block.subarray(0, Math.min(MIB, size - sent));
        // Vary each MiB so that the checksum proves the order of the chunks.
        piece.writeUInt32BE(sent / MIB, 0);
        hash.update(piece);
        controller.enqueue(new Uint8Array(piece));
        sent += piece.length;
        if (sent >= size) phase = 'tail';
      } else if (phase === 'tail') {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        phase = 'done';
      } else {
        controller.close();
      }
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` };
}

const port = await freePort();
const portal = await startPortal(port, {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  MAX_FILE_BYTES: String(size + MIB),
  AUTH_DATABASE_URL: databases?.auth.url,
  COURSES_DATABASE_URL: databases?.courses.url,
  FILES_DATABASE_URL: databases?.files.url,
});
const base = `http://127.0.0.1:${port}`;
let report = '';
try {
  const { cookie } = await signIn(base, admin);
  const json = { 'content-type': 'application/json', cookie, ...csrf };
  const category = (await (
    await fetch(`${base}/api/categories`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Bench' }) })
  ).json()) as { id: string };
  const course = (await (
    await fetch(`${base}/api/courses`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        title: 'Large file',
        description: '<p>Bench</p>',
        isPublished: true,
        categoryIds: [category.id],
      }),
    })
  ).json()) as { id: string };

  const gatewayPid = pidOf(portal.pid ?? 0, 'gateway/src/server.ts');
  const filesPid = pidOf(portal.pid ?? 0, 'services/files/src/server.ts');
  const before = { gateway: memoryOf(gatewayPid), files: memoryOf(filesPid) };

  const uploadHash = createHash('sha256');
  const body = multipartBody(uploadHash);
  let started = performance.now();
  const uploaded = await fetch(`${base}/api/files/upload?courseId=${course.id}`, {
    method: 'POST',
    headers: { cookie, ...csrf, 'content-type': body.contentType },
    body: body.stream,
    duplex: 'half',
  } as RequestInit);
  const uploadSeconds = (performance.now() - started) / 1000;
  const record = (await uploaded.json()) as { id: string; fileSize: number };
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(record)}`);
  const afterUpload = { gateway: memoryOf(gatewayPid), files: memoryOf(filesPid) };

  started = performance.now();
  const downloaded = await fetch(`${base}/api/files/download/${record.id}`, { headers: { cookie } });
  const downloadHash = createHash('sha256');
  let received = 0;
  for await (const piece of downloaded.body as unknown as AsyncIterable<Uint8Array>) {
    downloadHash.update(piece);
    received += piece.length;
  }
  const downloadSeconds = (performance.now() - started) / 1000;
  const after = { gateway: memoryOf(gatewayPid), files: memoryOf(filesPid) };
  const same = uploadHash.digest('hex') === downloadHash.digest('hex') && received === size;

  const mb = size / 1e6;
  const line = (name: 'gateway' | 'files') =>
    `  ${name.padEnd(8)} RSS before ${before[name].rss.toFixed(0).padStart(4)} MiB, after upload ${afterUpload[name].rss.toFixed(0).padStart(4)} MiB, after download ${after[name].rss.toFixed(0).padStart(4)} MiB, peak ${after[name].peak.toFixed(0).padStart(4)} MiB`;
  report = [
    `Attachment transfer benchmark, ${new Date().toISOString()}`,
    `One file of ${values.mib} MiB through the gateway, on ${databases ? 'a PostgreSQL server' : 'embedded PGlite'}, one 2-core machine.`,
    `  upload    ${(mb / uploadSeconds).toFixed(1).padStart(6)} MB/s (${uploadSeconds.toFixed(1)} s)`,
    `  download  ${(mb / downloadSeconds).toFixed(1).padStart(6)} MB/s (${downloadSeconds.toFixed(1)} s)`,
    `  bytes identical after the round trip: ${same ? 'yes' : 'NO'}`,
    'Memory (VmRSS / VmHWM from /proc):',
    line('gateway'),
    line('files'),
  ].join('\n');
  console.log(report);
} finally {
  portal.kill('SIGTERM');
  await new Promise((resolve) => portal.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  for (const database of Object.values(databases ?? {})) await database.drop();
}
const reportFile = path.join(root, `bench/reports/files-transfer-${databases ? 'postgres' : 'pglite'}.txt`);
writeFileSync(reportFile, `${report}\n`);
console.log(`Report written to ${path.relative(root, reportFile)}`);
