import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { lineWriterFor } from './sink.ts';

/** A syslog server over TCP that keeps the lines it receives. */
async function syslogServer(port = 0) {
  const lines: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let rest = '';
    socket.on('data', (data: Buffer) => {
      const parts = (rest + data.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

async function eventually(check: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the syslog sink', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('when entries are written, then each is one RFC 5424 message of the "log audit" facility', async () => {
    const server = await syslogServer();
    cleanups.push(server.stop);
    const writer = lineWriterFor(`syslog://127.0.0.1:${server.port}`);
    cleanups.push(writer.close);
    await writer.write('{"audit":{"seq":"1"}}\n{"audit":{"seq":"2"}}\n');
    await eventually(() => server.lines.length === 2);
    // PRI 110 = facility 13 (log audit) × 8 + severity 6 (informational); version 1.
    expect(server.lines[0]).toMatch(/^<110>1 \S+ \S+ course-portal \d+ - - \{"audit":\{"seq":"1"\}\}$/);
    expect(server.lines[1]).toMatch(/ \{"audit":\{"seq":"2"\}\}$/);
  });

  it('when the syslog server is down, then the write fails, and the next one after it is back arrives', async () => {
    const server = await syslogServer();
    const { port } = server;
    await server.stop();
    const writer = lineWriterFor(`syslog://127.0.0.1:${port}`, 1_000);
    cleanups.push(writer.close);
    await expect(writer.write('{"audit":{"seq":"1"}}\n')).rejects.toThrow();
    const back = await syslogServer(port);
    cleanups.push(back.stop);
    await writer.write('{"audit":{"seq":"1"}}\n');
    await eventually(() => back.lines.length === 1);
    expect(back.lines[0]).toMatch(/\{"audit":\{"seq":"1"\}\}$/);
  });
});
