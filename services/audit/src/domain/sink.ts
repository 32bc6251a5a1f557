import type { Logger } from '@portal/kit/logger';
import syslog from 'syslog-client';
import type { EntriesRepository } from '../data-access/entries-repository.ts';
import { publicEntry } from '../data-access/entries-repository.ts';

const BATCH = 500;

/** Writes JSON lines somewhere: standard output, an HTTP endpoint or a syslog server. Throws when they were not taken. */
export interface LineWriter {
  write(lines: string): Promise<void>;
  close(): void;
}

/** Where a sink's position is kept: one per kind of sink, so that changing the address keeps the position. */
export const sinkKind = (sink: string) =>
  sink === 'stdout' ? 'stdout' : sink.startsWith('syslog:') ? 'syslog' : 'http';

/** RFC 5424 over TCP (`syslog://host:port`), facility "log audit", one message a line. */
function syslogWriter(url: URL, timeoutMs: number): LineWriter {
  let client: syslog.Client | undefined;
  const open = () => {
    const opened = syslog.createClient(url.hostname, {
      port: Number(url.port || 514),
      transport: syslog.Transport.Tcp,
      rfc3164: false,
      facility: syslog.Facility.Audit,
      appName: 'course-portal',
      tcpTimeout: timeoutMs,
    });
    // A failed connection is reported to the write that needed it; the next write connects again.
    opened.on('error', () => undefined);
    return opened;
  };
  const close = () => {
    client?.close();
    client = undefined;
  };
  return {
    async write(lines) {
      client ??= open();
      const current = client;
      try {
        for (const line of lines.split('\n').filter(Boolean))
          await new Promise<void>((resolve, reject) =>
            current.log(line, {}, (error) => (error ? reject(error) : resolve())),
          );
      } catch (error) {
        close();
        throw error;
      }
    },
    close,
  };
}

export function lineWriterFor(sink: string, timeoutMs = 5_000): LineWriter {
  if (sink === 'stdout')
    return {
      write: (lines) =>
        new Promise((resolve, reject) => process.stdout.write(lines, (error) => (error ? reject(error) : resolve()))),
      close: () => undefined,
    };
  const url = new URL(sink);
  if (url.protocol === 'syslog:') return syslogWriter(url, timeoutMs);
  return {
    async write(lines) {
      const answer = await fetch(sink, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body: lines,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) throw new Error(`the audit sink answered ${answer.status}`);
    },
    close: () => undefined,
  };
}

/**
 * Streams the trail out, in order and at least once: it remembers in the database up to which entry the sink took
 * them, so a sink that is down gets what it missed when it is back.
 */
export function auditShipper(entries: EntriesRepository, sink: string, writer: LineWriter, logger: Logger) {
  let running: Promise<void> | undefined;
  async function shipAll() {
    let position = await entries.sinkPosition(sinkKind(sink));
    for (;;) {
      const batch = await entries.batchAfter(position, BATCH);
      if (batch.length === 0) return;
      await writer.write(batch.map((entry) => `${JSON.stringify({ audit: publicEntry(entry) })}\n`).join(''));
      position = batch.at(-1)?.seq ?? position;
      await entries.setSinkPosition(sinkKind(sink), position);
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
