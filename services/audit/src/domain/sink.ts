import type { Logger } from '@portal/kit/logger';
import type { EntriesRepository } from '../data-access/entries-repository.ts';
import { publicEntry } from '../data-access/entries-repository.ts';

const BATCH = 500;

/** Writes JSON lines somewhere: standard output or an HTTP endpoint. Throws when they were not taken. */
export type LineWriter = (lines: string) => Promise<void>;

export function lineWriterFor(sink: string, timeoutMs = 5_000): LineWriter {
  if (sink === 'stdout')
    return (lines) =>
      new Promise((resolve, reject) => process.stdout.write(lines, (error) => (error ? reject(error) : resolve())));
  return async (lines) => {
    const answer = await fetch(sink, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: lines,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!answer.ok) throw new Error(`the audit sink answered ${answer.status}`);
  };
}

/**
 * Streams the trail out, in order and at least once: it remembers in the database up to which entry the sink took
 * them, so a sink that is down gets what it missed when it is back.
 */
export function auditShipper(entries: EntriesRepository, sink: string, write: LineWriter, logger: Logger) {
  let running: Promise<void> | undefined;
  async function shipAll() {
    let position = await entries.sinkPosition(sink === 'stdout' ? 'stdout' : 'http');
    for (;;) {
      const batch = await entries.batchAfter(position, BATCH);
      if (batch.length === 0) return;
      await write(batch.map((entry) => `${JSON.stringify({ audit: publicEntry(entry) })}\n`).join(''));
      position = batch.at(-1)?.seq ?? position;
      await entries.setSinkPosition(sink === 'stdout' ? 'stdout' : 'http', position);
      if (batch.length < BATCH) return;
    }
  }
  return {
    /** Ships what is new; calls while one runs wait for it. Failures are logged and retried at the next call. */
    ship(): Promise<void> {
      running ??= shipAll()
        .catch((error: unknown) => logger.warn({ err: error }, 'audit entries could not be streamed to the sink'))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}
