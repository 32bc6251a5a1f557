import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import send from 'send';

/** The text files for which the build writes `.br` and `.gz` copies (web-kit/src/build/precompress.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;

/** Best first: brotli is about a fifth smaller than gzip on the portal's JavaScript. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The codings an `Accept-Encoding` header allows (`q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `file` as its brotli or gzip copy when the build made one and the browser accepts it, with
 * `Content-Encoding` and `Vary: Accept-Encoding`; answers false (and sends nothing) when there is none.
 * `cacheControl` is the file's own policy: a compressed copy is cached exactly like the file, and has an ETag and a
 * Last-Modified date unless it is immutable.
 */
export async function sendPrecompressed(
  req: Request,
  res: Response,
  file: string,
  cacheControl: string,
  next: NextFunction,
): Promise<boolean> {
  if (!COMPRESSIBLE.test(file)) return false;
  res.vary('Accept-Encoding');
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const { encoding, suffix } of VARIANTS) {
    if (!accepted.has(encoding) || !(await isFile(`${file}${suffix}`))) continue;
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControl);
    res.type(path.extname(file));
    // Nothing revalidates an immutable file: validators would only add bytes to each answer. A compressed copy
    // is sent whole: ranges of it are of no use to a browser.
    const immutable = cacheControl.includes('immutable');
    send(req, `${file}${suffix}`, {
      cacheControl: false,
      acceptRanges: false,
      etag: !immutable,
      lastModified: !immutable,
    })
      .on('error', (error: unknown) => {
        if (!res.headersSent) next(error);
      })
      .pipe(res);
    return true;
  }
  return false;
}

/**
 * Serves the compressed copies of the files under `root` (GET and HEAD); any other request, or a file without
 * a copy the browser accepts, goes on to the plain static files.
 */
export function precompressedFiles(root: string, cacheControlOf: (file: string) => string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (relative.includes('\0')) return next();
    const file = path.join(root, path.normalize(relative));
    if (!file.startsWith(`${root}${path.sep}`)) return next();
    if (!(await sendPrecompressed(req, res, file, cacheControlOf(file), next))) next();
  };
}
