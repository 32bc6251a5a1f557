import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import type { Logger } from '@portal/kit/logger';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ProxyTarget } from 'httpxy';
import type { ServiceTargets } from './service-targets.ts';
import { identityOf } from './identity.ts';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN']);

/**
 * Streams /api calls to a service (bodies untouched: mounted before any body parser), replacing whatever
 * identity the client sent with the gateway's signed one, and never forwarding the session cookie.
 */
export function serviceProxy(options: {
  name: string;
  targets: ServiceTargets;
  prefixes: string[];
  secret: string;
  timeoutMs: number;
  logger: Logger;
}) {
  const prefixOf = (pathname: string) =>
    options.prefixes.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const proxy = createProxyMiddleware<Request, ServerResponse>({
    router: () => options.targets.next(),
    pathFilter: (pathname) => prefixOf(pathname) !== undefined,
    proxyTimeout: options.timeoutMs,
    xfwd: true,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: Request) => {
        proxyReq.removeHeader('cookie');
        proxyReq.setHeader(IDENTITY_HEADER, signIdentity(identityOf(req), options.secret));
        proxyReq.setHeader(REQUEST_ID_HEADER, req.id);
      },
      error: (error: Error, req: IncomingMessage, res: ServerResponse | Socket, target?: ProxyTarget) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        const unreachable = UNREACHABLE.has(code);
        if (unreachable && target) options.targets.markDown(new URL(String(target)).origin);
        // A read never reached a service that refused it: the next instance answers it instead, once.
        const retry = req as Request & { retriedOnAnotherInstance?: boolean };
        if (
          unreachable &&
          (req.method === 'GET' || req.method === 'HEAD') &&
          !retry.retriedOnAnotherInstance &&
          options.targets.instances.length > 1 &&
          'writeHead' in res &&
          !res.headersSent
        ) {
          retry.retriedOnAnotherInstance = true;
          void proxy(retry, res as ServerResponse);
          return;
        }
        options.logger.warn({ err: error, service: options.name, requestId: (req as Request).id }, 'proxy error');
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy();
          return;
        }
        const unavailable = UNREACHABLE.has(code) || /timeout/i.test(error.message);
        res.writeHead(unavailable ? 503 : 502, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            error: {
              code: unavailable ? 'service_unavailable' : 'bad_gateway',
              message: `The ${options.name} service is not available right now`,
              requestId: (req as Request).id,
            },
          }),
        );
      },
    },
  });
  const handler: RequestHandler = (req, res, next) => {
    const prefix = prefixOf(req.path);
    if (prefix) res.locals.metricsRoute = `${prefix}/*`;
    return proxy(req, res, next);
  };
  return handler;
}
