import { Agent } from 'node:http';

/**
 * The instances of one service (comma-separated URLs): requests go round-robin over the instances not known
 * to be down. An instance that refused a connection is skipped for a few seconds, so that a restarting
 * instance costs at most a few retriable 503s, not a stream of them. Connections to every instance are kept
 * alive and reused (one agent per service), so a call does not pay a TCP handshake.
 */
export function serviceTargets(urls: string, options: { downForMs?: number } = {}) {
  const instances = urls
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const downUntil = new Map<string, number>();
  const downForMs = options.downForMs ?? 5_000;
  let turn = 0;

  return {
    instances,
    agent: new Agent({ keepAlive: true }),
    next(): string {
      const now = Date.now();
      for (let tried = 0; tried < instances.length; tried += 1) {
        const candidate = instances[(turn + tried) % instances.length] as string;
        if ((downUntil.get(candidate) ?? 0) <= now) {
          turn = (turn + tried + 1) % instances.length;
          return candidate;
        }
      }
      // All look down: try them anyway, in turn, rather than refuse without asking.
      turn = (turn + 1) % instances.length;
      return instances[turn] as string;
    },
    markDown(url: string) {
      downUntil.set(url, Date.now() + downForMs);
    },
  };
}
export type ServiceTargets = ReturnType<typeof serviceTargets>;
