import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { AppError } from '@portal/kit/errors';
import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
// The GET form of start-course changes state too (DESIGN.md).
const STATE_CHANGING_GETS = new Set(['/api/courses/register-for-course', '/api/courses/registerForCourse']);

/**
 * Every state-changing call must carry X-Requested-With: a cross-site form cannot set it, and a cross-site
 * script cannot either because the gateway answers no CORS preflight.
 */
export const requireCsrfHeader: RequestHandler = (req, _res, next) => {
  const changesState = !SAFE_METHODS.has(req.method) || STATE_CHANGING_GETS.has(req.baseUrl + req.path);
  if (changesState && req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
    next(
      new AppError(
        403,
        'csrf_header_missing',
        `State-changing requests must send ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}`,
      ),
    );
    return;
  }
  next();
};
