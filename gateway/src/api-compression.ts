import compression from 'compression';
import type { RequestHandler } from 'express';

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * The `compression` package on /api JSON answers of 1 KiB and more (brotli or gzip, as the browser takes them);
 * never an attachment, a zip or an upload's stream. It leaves alone an answer a service compressed itself and one
 * marked `no-transform`.
 */
export function apiCompression(): RequestHandler {
  return compression({
    filter: (_req, res) =>
      JSON_TYPE.test(String(res.getHeader('Content-Type') ?? '')) && !res.hasHeader('Content-Disposition'),
  });
}
