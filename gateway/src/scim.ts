import { SCIM_MEDIA_TYPE, SCIM_SCHEMAS } from '@portal/contracts/scim';
import { AppError } from '@portal/kit/errors';
import type { RequestHandler } from 'express';
import type { RateLimits } from './rate-limits.ts';

/** Counts a SCIM call per address; over the limit, 429 in SCIM's error shape (RFC 7644 3.12) with Retry-After. */
export function scimRateLimit(limits: RateLimits): RequestHandler {
  return async (req, res, next) => {
    try {
      await limits.scim(req.ip ?? 'unknown');
      next();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res
        .status(error.status)
        .set(error.headers)
        .type(SCIM_MEDIA_TYPE)
        .json({ schemas: [SCIM_SCHEMAS.error], status: String(error.status), detail: error.message });
    }
  };
}
