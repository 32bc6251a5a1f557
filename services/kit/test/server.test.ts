import { createServer } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { freePort } from '../src/server.ts';

const EPHEMERAL_PORTS_START = 32_768;

describe('freePort', () => {
  it('when ports are picked, then each is below the ephemeral range, listenable and never handed out twice', async () => {
    const ports: number[] = [];
    for (let index = 0; index < 50; index++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(EPHEMERAL_PORTS_START);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
