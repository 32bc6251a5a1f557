import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** Whether this answer is one whose compressed copy is kept: a whole JSON answer of known length with a tag. */
function isTaggedPage(res: Response): boolean {
  const length = lengthOf(res);
  return (
    res.statusCode === 200 &&
    isCompressibleJson(res) &&
    res.hasHeader('ETag') &&
    !res.hasHeader('Content-Encoding') &&
    !/no-transform/i.test(String(res.getHeader('Cache-Control') ?? '')) &&
    length >= SMALL_ANSWER &&
    length < LARGE_ANSWER
  );
}

/**
 * Compresses a GET answer that carries an entity tag (every JSON answer of the services: the courses service tags
 * its lists with the catalogue version and what the caller sees of them, Express tags the others with a hash of
 * their bytes) once per address, tag and encoding, and sends the kept copy to every later caller who gets the same
 * tag: most people see the catalogue's pages alike, and a page changes only when an administrator writes. It is
 * compressed whole, with the streaming compressor's settings for pages, so the bytes are those it would send.
 */
function compressTaggedAnswers(): RequestHandler {
  const kept = keptCompressedAnswers(KEPT_COMPRESSED_BYTES);
  return (req: Request, res: Response, next) => {
    // Brotli whenever the browser takes it, as the streaming compressor chooses; without Accept-Encoding, neither.
    const offered = req.method === 'GET' && req.headers['accept-encoding'] !== undefined;
    const encoding = (['br', 'gzip'] as const).find((name) => offered && req.acceptsEncodings(name) === name);
    if (!encoding) {
      next();
      return;
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let tagged: boolean | undefined;
    const parts: Buffer[] = [];
    const keep = (chunk: unknown, chunkEncoding: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        parts.push(
          Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, chunkEncoding as BufferEncoding | undefined),
        );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      tagged ??= isTaggedPage(res);
      if (!tagged) return write(chunk, ...rest);
      keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      tagged ??= isTaggedPage(res);
      if (!tagged) return end(chunk, ...rest);
      keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
      const key = `${req.originalUrl}\n${String(res.getHeader('ETag'))}\n${encoding}`;
      let body = kept.get(key);
      if (!body) {
        body = compressWhole[encoding](Buffer.concat(parts));
        kept.set(key, body);
      }
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.vary('Accept-Encoding');
      return end(body, ...rest.filter((arg) => typeof arg === 'function'));
    }) as Response['end'];
    next();
  };
}

/**
 * Compresses /api JSON answers above 1 KiB (brotli, or gzip, as the browser accepts), the gateway's own and the
 * services' streamed through the proxy alike. Brotli's quality 4 suits a page of cards; on the whole list
 * (megabytes) it costs 60 ms where quality 1 costs 15 ms for 5 % more bytes, so answers of known length from
 * 256 KiB on take quality 1. Below that, brotli's window is 256 KiB (LGWIN 18) instead of its default 4 MiB: the
 * answer fits in it all the same, so the bytes are the same, and each answer's compressor no longer sets up
 * megabytes of window and tables, which halved the CPU time of compressing a page of 24 cards (0.8 to 0.4 ms).
 * A tagged answer of known length is compressed once and kept (`compressTaggedAnswers`); any other is compressed
 * as a stream: each chunk is passed on as it comes (a streamed list is never held back whole). An answer with
 * `Cache-Control: no-transform`, or one a service compressed itself (the courses service's whole list, compressed
 * once where it is kept), is left as it is.
 */
export function apiCompression(): RequestHandler[] {
  const compressor = (large: boolean) =>
    compression({
      threshold: SMALL_ANSWER,
      brotli: {
        params: large
          ? { [constants.BROTLI_PARAM_QUALITY]: 1 }
          : {
              [constants.BROTLI_PARAM_QUALITY]: SMALL_ANSWER_QUALITY,
              [constants.BROTLI_PARAM_LGWIN]: SMALL_ANSWER_WINDOW_BITS,
            },
      },
      level: large ? 1 : 6,
      filter: (_req, res) => isCompressibleJson(res as Response) && isLarge(res as Response) === large,
    });
  // The tagged answers' compressor sees each answer first (it wraps the others): what it compresses carries a
  // Content-Encoding, which the streaming compressors leave alone.
  return [compressor(false), compressor(true), compressTaggedAnswers()];
}
