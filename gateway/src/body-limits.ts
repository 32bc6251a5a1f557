import { API_ROUTES, bodyLimitOf, JSON_BODY_MAX_BYTES } from '@portal/contracts/api-routes';
import { AppError } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import type { Request, RequestHandler, Response } from 'express';
import { hasBody } from './proxy.ts';
import { isScimPath, sendScimError } from './scim.ts';
import type { TakeUploadLock } from './upload-locks.ts';

/**
 * Answers 413 and ends the connection: the rest of the body is never read. A body cut after its answer began (a
 * service answering early) only loses its connection.
 */
function refuse(req: Request, res: Response, maxBytes: number, logger: Logger) {
  req.unpipe();
  req.pause();
  logger.info({ requestId: req.id, path: req.path, maxBytes }, 'body over its limit: connection closed');
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res.setHeader('Connection', 'close');
  const message = `The request's body is larger than the limit of ${maxBytes} bytes`;
  if (isScimPath(req.path)) return sendScimError(res, 413, message);
  res.status(413).json({ error: { code: 'payload_too_large', message, requestId: req.id } });
}

/**
 * Counts the body's bytes as whoever reads it (the proxy, a parser) reads them, from its first reader on; past
 * `maxBytes` it calls `over` once. Read by `data` events or by `readable`, every chunk read passes a `data` event.
 */
function countAsRead(req: Request, maxBytes: number, over: () => void) {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBytes) return;
    req.off('data', count);
    over();
  };
  const watch = (event: string | symbol) => {
    if (event !== 'data' && event !== 'readable') return;
    req.off('newListener', watch);
    req.on('data', count);
  };
  req.on('newListener', watch);
}

/**
 * Every body the portal accepts, bounded at the gateway, which reads it first: an upload's or a text body's (an
 * import's) limit comes from the route table (bodyLimitOf), any other body is JSON. A declared Content-Length over the limit is refused
 * before a byte is read; a streamed body is cut at the limit. Each person sends one upload at a time, across every
 * gateway instance when their locks are in Redis.
 */
export function bodyLimits(maxFileBytes: number, logger: Logger, takeUploadLock: TakeUploadLock) {
  const uploads = API_ROUTES.filter((route) => route.upload || route.textBody).map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
    maxBytes: bodyLimitOf(route, maxFileBytes),
  }));
  const uploadOf = (req: Request) =>
    uploads.find((route) => route.method === req.method && route.pattern.test(req.path));

  const limitBodies: RequestHandler = (req, res, next) => {
    if (!hasBody(req)) return next();
    const maxBytes = uploadOf(req)?.maxBytes ?? JSON_BODY_MAX_BYTES;
    if (Number(req.headers['content-length']) > maxBytes) return refuse(req, res, maxBytes, logger);
    countAsRead(req, maxBytes, () => refuse(req, res, maxBytes, logger));
    next();
  };

  const oneUploadAtATime: RequestHandler = async (req, res, next) => {
    const userId = req.session?.user?.id;
    if (!userId || !hasBody(req) || !uploadOf(req)) return next();
    const release = await takeUploadLock(userId);
    if (!release)
      throw new AppError(429, 'upload_in_progress', 'Another upload of yours is still under way: wait for its end');
    // The caller may have gone while the lock was being taken: its answer has ended already.
    if (res.closed) return release();
    res.once('close', release);
    next();
  };

  return { limitBodies, oneUploadAtATime };
}
