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

/** A free loopback port, for processes that must know each other's addresses before they start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
