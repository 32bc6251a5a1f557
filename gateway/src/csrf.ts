import { API_ROUTES, requiresCsrfHeader } from '@portal/contracts/api-routes';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { AppError } from '@portal/kit/errors';
import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The reads that change state, from the route definitions. Matched loosely on purpose (any letter case, any
 * trailing slashes, percent-decoded), so that a spelling the services might once accept still needs the header;
 * the routers themselves match strictly.
 */
const STATE_CHANGING_READS = API_ROUTES.filter((route) => route.method === 'get' && requiresCsrfHeader(route)).map(
  (route) => new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/*$`, 'i'),
);

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Every state-changing call must carry X-Requested-With: a cross-site form cannot set it, and a cross-site
 * script cannot either because the gateway answers no CORS preflight.
 */
export const requireCsrfHeader: RequestHandler = (req, _res, next) => {
  const path = decodedPath(req.baseUrl + req.path);
  const changesState = !SAFE_METHODS.has(req.method) || STATE_CHANGING_READS.some((pattern) => pattern.test(path));
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
