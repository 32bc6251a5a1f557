import type { Request, RequestHandler, Response } from 'express';
import type { Transform } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;
/** From this size on an answer is compressed at brotli's fastest quality (see `apiCompression`). */
const LARGE_ANSWER = 256 * 1024;
/** Answers below this size are sent as they are: compressing them saves less than it costs. */
const SMALL_ANSWER = 1024;
/** Brotli's window for the answers below LARGE_ANSWER: 2^18 bytes, so that such an answer fits in it whole. */
const SMALL_ANSWER_WINDOW_BITS = Math.log2(LARGE_ANSWER);
/** Brotli's quality for the answers below LARGE_ANSWER. */
const SMALL_ANSWER_QUALITY = 4;
/** Compressed answers kept at once (see `keptCompressedAnswers`); the ones sent least recently go first. */
const KEPT_COMPRESSED_BYTES = 8 * 1024 * 1024;

/** JSON answers only: never an attachment, a zip or an upload's stream, which are sent as they are. */
function isCompressibleJson(res: Response): boolean {
  const type = res.getHeader('Content-Type');
  return typeof type === 'string' && JSON_TYPE.test(type) && !res.hasHeader('Content-Disposition');
}

/** Whether the answer lets the gateway change its bytes (RFC 9111: no-transform). */
const isTransformable = (res: Response) => !/no-transform/i.test(String(res.getHeader('Cache-Control') ?? ''));

const lengthOf = (res: Response) => Number(res.getHeader('Content-Length') ?? 0);
const isLarge = (res: Response) => lengthOf(res) >= LARGE_ANSWER;

type Encoding = 'br' | 'gzip';

const compressWhole: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: SMALL_ANSWER_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: SMALL_ANSWER_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** The compressed copies of recent answers, by address, entity tag and encoding, within a budget of bytes. */
function keptCompressedAnswers(budget: number) {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string): Buffer | undefined {
      const body = kept.get(key);
      if (body) {
        kept.delete(key);
        kept.set(key, body);
      }
      return body;
    },
    set(key: string, body: Buffer) {
      kept.set(key, body);
      bytes += body.length;
      for (const [oldest, old] of kept) {
        if (bytes <= budget) break;
        kept.delete(oldest);
        bytes -= old.length;
      }
    },
  };
}

/** How answers are negotiated, by the Accept-Encoding a browser sends: browsers send the same few. */
function negotiatedEncodings() {
  const chosen = new Map<string, Encoding | undefined>();
  const MAX_KEPT = 64;
  return (req: Request): Encoding | undefined => {
    const offered = req.headers['accept-encoding'];
    // Brotli whenever the browser takes it; without Accept-Encoding, neither.
    if (offered === undefined) return undefined;
    if (chosen.has(offered)) return chosen.get(offered);
    const encoding = (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name);
    if (chosen.size >= MAX_KEPT) chosen.clear();
    chosen.set(offered, encoding);
    return encoding;
  };
}

type Write = (...args: unknown[]) => boolean;
type End = (...args: unknown[]) => Response;
/** How an answer goes out: as it came, compressed whole once it has all come, or compressed as it streams. */
type Mode = 'as-is' | 'whole' | 'stream';

const toBuffer = (chunk: unknown, chunkEncoding: unknown): Buffer | undefined =>
  chunk === undefined || chunk === null || typeof chunk === 'function'
    ? undefined
    : Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof chunkEncoding === 'string' ? (chunkEncoding as BufferEncoding) : 'utf8');
const callbackOf = (args: unknown[]) => args.find((arg) => typeof arg === 'function') as (() => void) | undefined;

/** Streaming compressors at the settings `compressWhole` uses, or brotli's fastest and gzip's level 1 for large answers. */
const streamingCompressor: Record<Encoding, (large: boolean) => Transform> = {
  br: (large) =>
    createBrotliCompress({
      params: large
        ? { [constants.BROTLI_PARAM_QUALITY]: 1 }
        : {
            [constants.BROTLI_PARAM_QUALITY]: SMALL_ANSWER_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: SMALL_ANSWER_WINDOW_BITS,
          },
    }),
  gzip: (large) => createGzip({ level: large ? 1 : 6 }),
};

/**
 * Compresses /api JSON answers above 1 KiB (brotli, or gzip, as the browser accepts), the gateway's own and the
 * services' streamed through the proxy alike; an answer with `Cache-Control: no-transform`, or one a service
 * compressed itself (the courses service's whole list, compressed once where it is kept), is left as it is.
 *
 * An answer of known length below 256 KiB (a page of cards, a course) is compressed whole when it has all come,
 * at brotli's quality 4 with a window of 256 KiB (LGWIN 18) instead of the default 4 MiB: the answer fits in it
 * all the same, so the bytes are the same, and the compressor no longer sets up megabytes of window and tables,
 * which halved the CPU time of compressing a page of 24 cards (0.8 to 0.4 ms). A GET answer with an entity tag
 * (every JSON answer of the services: the courses service tags its lists with the catalogue version and what
 * the caller sees of them, Express tags the others with a hash of their bytes) is compressed once per address,
 * tag and encoding, and the kept copy goes to every later caller who gets the same tag: most people see the
 * catalogue's pages alike, and a page changes only when an administrator writes.
 *
 * Any other answer is compressed as a stream, each chunk passed on as it comes (a streamed list is never held
 * back whole); from 256 KiB of known length on, at brotli's quality 1 (on the whole list, megabytes, quality 4
 * costs 60 ms where 1 costs 15 ms for 5 % more bytes).
 *
 * The choice is made once, at the answer's first bytes, and nothing is set up before it: the `compression`
 * package, which this replaces, set up its wrappers and header hooks on every call, and with a second one for
 * large answers cost the gateway more CPU than the rest of proxying a page (`bench/courses-api.ts`).
 */
export function apiCompression(): RequestHandler {
  const kept = keptCompressedAnswers(KEPT_COMPRESSED_BYTES);
  const negotiate = negotiatedEncodings();

  return (req, res, next) => {
    const encoding = negotiate(req);
    const write = res.write as Write;
    const end = res.end as End;
    let mode: Mode | undefined;
    let ended = false;
    const held: Buffer[] = [];
    let compressor: Transform | undefined;

    const choose = (): Mode => {
      if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return 'as-is';
      if (!isCompressibleJson(res) || !isTransformable(res)) return 'as-is';
      res.vary('Accept-Encoding');
      if (!encoding || res.hasHeader('Content-Encoding')) return 'as-is';
      const known = res.hasHeader('Content-Length');
      if (known && lengthOf(res) < SMALL_ANSWER) return 'as-is';
      return known && !isLarge(res) ? 'whole' : 'stream';
    };
    const startStream = (chosen: Encoding) => {
      const stream = streamingCompressor[chosen](isLarge(res));
      compressor = stream;
      res.setHeader('Content-Encoding', chosen);
      res.removeHeader('Content-Length');
      stream.on('data', (chunk: Buffer) => {
        if (!write.call(res, chunk)) stream.pause();
      });
      stream.on('end', () => end.call(res));
      // The socket's backpressure reaches the compressor, and the compressor's reaches whatever writes the body.
      res.on('drain', () => stream.resume());
      stream.on('drain', () => res.emit('drain'));
      res.once('close', () => stream.destroy());
    };
    /** Decided at the first bytes, when the headers are all set (after an explicit writeHead: as they are). */
    const modeNow = (): Mode => {
      if (mode) return mode;
      mode = res.headersSent ? 'as-is' : choose();
      if (mode === 'stream') startStream(encoding as Encoding);
      return mode;
    };
    const sendWhole = (chosen: Encoding, done: (() => void) | undefined) => {
      const tagged = req.method === 'GET' && res.statusCode === 200 && res.hasHeader('ETag');
      const key = tagged ? `${req.originalUrl}\n${String(res.getHeader('ETag'))}\n${chosen}` : '';
      let body = tagged ? kept.get(key) : undefined;
      if (!body) {
        body = compressWhole[chosen](Buffer.concat(held));
        if (tagged) kept.set(key, body);
      }
      res.setHeader('Content-Encoding', chosen);
      res.setHeader('Content-Length', body.length);
      return done ? end.call(res, body, done) : end.call(res, body);
    };

    // Other middleware wraps these after this one (the session saves itself at end): they are replaced once, here,
    // and never put back, so that no wrapper added later is lost.
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (ended) return false;
      switch (modeNow()) {
        case 'as-is':
          return write.call(res, chunk, ...rest);
        case 'whole': {
          const buffer = toBuffer(chunk, rest[0]);
          if (buffer) held.push(buffer);
          callbackOf(rest)?.();
          return true;
        }
        case 'stream': {
          const buffer = toBuffer(chunk, rest[0]);
          return buffer ? (compressor as Transform).write(buffer, callbackOf(rest)) : true;
        }
      }
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (ended) return res;
      const chosen = modeNow();
      if (chosen === 'as-is') return end.call(res, chunk, ...rest);
      ended = true;
      const buffer = toBuffer(chunk, rest[0]);
      const done = callbackOf([chunk, ...rest]);
      if (chosen === 'whole') {
        if (buffer) held.push(buffer);
        return sendWhole(encoding as Encoding, done);
      }
      if (done) res.once('finish', done);
      (compressor as Transform).end(buffer);
      return res;
    }) as Response['end'];
    next();
  };
}
