import type { RequestHandler } from 'express';

/**
 * What the browser may keep of an /api answer that says nothing itself: every such answer is made for the caller's
 * session (the services are told who calls), so no shared cache may keep it and the browser keeps none
 * (`private, no-store`). A service that tags its answer for revalidation or sets its own policy is not overruled
 * (see `forwarder`, which turns a bare entity tag into `private, no-cache`).
 */
export const privateAnswers: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store');
  next();
};
