// The least a proxy hop costs on this machine: node:http in, kept-alive node:http out, bodies piped, nothing else
// (no session, identity, compression, limits or checks). `bench/courses-api.ts` loads it beside the gateway, so
// that the gateway's ratio can be read against what any hop in Node costs here.
// `node bench/minimal-proxy.ts <port> <target origin>`
import { Agent, createServer, request } from 'node:http';

const [port = '0', target = ''] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true });

createServer((req, res) => {
  const outgoing = request(
    `${target}${req.url ?? '/'}`,
    { method: req.method, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  outgoing.on('error', () => res.destroy());
  req.pipe(outgoing);
}).listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
