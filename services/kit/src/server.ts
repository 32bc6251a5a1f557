import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import type { Express } from 'express';
import { ConfigError } from './config.ts';
import type { Logger } from './logger.ts';

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Listens (port 0 picks a free one) and stops gracefully: no new connections, open ones finish, then cleanup. */
export async function listen(
  app: Express,
  options: { port: number; host: string; logger: Logger; onStop?: () => Promise<void> },
): Promise<RunningServer> {
  const server: Server = await new Promise((resolve, reject) => {
    const started = app.listen(options.port, options.host, (error?: Error) =>
      error ? reject(error) : resolve(started),
    );
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(forced);
      await options.onStop?.();
    })();
    return stopping;
  };
  return { url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`, port, stop };
}

/**
 * Runs a process's main function: configuration errors stop it with their message, SIGTERM and SIGINT stop
 * it gracefully, and an unhandled rejection is logged and ends it (a supervisor restarts it).
 */
export function runProcess(name: string, main: () => Promise<{ stop(): Promise<void>; logger: Logger; port: number }>) {
  main().then(
    ({ stop, logger, port }) => {
      process.send?.({ type: 'listening', name, port });
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'shutting down');
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('disconnect', () => shutdown('disconnect'));
      process.on('unhandledRejection', (reason) => {
        logger.fatal({ err: reason }, 'unhandled rejection');
        process.exit(1);
      });
    },
    (error: unknown) => {
      if (error instanceof ConfigError) console.error(`${name}: ${error.message}`);
      else console.error(`${name}: failed to start`, error);
      process.exit(1);
    },
  );
}

// Below Linux's ephemeral range (32768–60999): no outgoing connection can hold a port picked here between the probe
// and the listen. Each Jest worker picks in its own block, so suites running side by side never pick the same one.
const PORT_BLOCK_SIZE = 1_000;
const FIRST_PORT = 20_000;
const PORT_BLOCKS = 12;
const handedOut = new Set<number>();

/** A free loopback port, for processes that must know each other's addresses before they start. */
export async function freePort(): Promise<number> {
  const block = Number(process.env.JEST_WORKER_ID ?? 0) % PORT_BLOCKS;
  for (let attempt = 0; attempt < PORT_BLOCK_SIZE; attempt++) {
    const port = FIRST_PORT + block * PORT_BLOCK_SIZE + randomInt(PORT_BLOCK_SIZE);
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free loopback port in block ${block}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
