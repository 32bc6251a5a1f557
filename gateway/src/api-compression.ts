import compression from 'compression';
import type { Response } from 'express';

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/** JSON answers only: never an attachment, a zip or an upload's stream, which are sent as they are. */
function isCompressibleJson(res: Response): boolean {
  const type = res.getHeader('Content-Type');
  return typeof type === 'string' && JSON_TYPE.test(type) && !res.hasHeader('Content-Disposition');
}

/**
 * Compresses /api JSON answers above 1 KiB (brotli at quality 4, or gzip, as the browser accepts), the gateway's
 * own and the services' streamed through the proxy alike. The compressor is a stream: it passes each chunk on as
 * it comes (a streamed list is never held back whole), and an answer with `Cache-Control: no-transform` is left as
 * it is.
 */
export function apiCompression() {
  return compression({ threshold: 1024, filter: (_req, res) => isCompressibleJson(res as Response) });
}
