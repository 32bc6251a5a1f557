import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, SCIM_SCHEMAS } from '@portal/contracts/scim';
import { AppError } from '@portal/kit/errors';
import type { RequestHandler, Response } from 'express';
import type { RateLimits } from './rate-limits.ts';

/** Whether a path is SCIM's, where every error, the gateway's own too, comes in SCIM's shape. */
export const isScimPath = (path: string) => path === SCIM_BASE_PATH || path.startsWith(`${SCIM_BASE_PATH}/`);

/** Answers an error in SCIM's shape (RFC 7644 3.12). */
export function sendScimError(res: Response, status: number, detail: string, headers: Record<string, string> = {}) {
  res
    .status(status)
    .set(headers)
    .type(SCIM_MEDIA_TYPE)
    .json({ schemas: [SCIM_SCHEMAS.error], status: String(status), detail });
}

/** Counts a SCIM call per address; over the limit, 429 in SCIM's error shape with Retry-After. */
export function scimRateLimit(limits: RateLimits): RequestHandler {
  return async (req, res, next) => {
    try {
      await limits.scim(req.ip ?? 'unknown');
      next();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      sendScimError(res, error.status, error.message, error.headers);
    }
  };
}
