import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import type { Logger } from '@portal/kit/logger';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ProxyTarget } from 'httpxy';
import { serviceFailure, UNREACHABLE_CODES } from '@portal/kit/service-client';
import type { ServiceTargets } from '@portal/kit/service-targets';
import { identityOf } from './identity.ts';

/**
 * Streams /api calls to a service (bodies untouched: mounted before any body parser) over kept-alive
 * connections, replacing whatever identity the client sent with the gateway's signed one, and never
 * forwarding the session cookie.
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
    agent: options.targets.agent,
    pathFilter: (pathname) => prefixOf(pathname) !== undefined,
    proxyTimeout: options.timeoutMs,
    xfwd: true,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: Request) => {
        proxyReq.removeHeader('cookie');
        const call = { method: proxyReq.method, path: proxyReq.path };
        proxyReq.setHeader(IDENTITY_HEADER, signIdentity(identityOf(req), call, options.secret));
        proxyReq.setHeader(REQUEST_ID_HEADER, req.id);
      },
      error: (error: Error, req: IncomingMessage, res: ServerResponse | Socket, target?: ProxyTarget) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        const unreachable = UNREACHABLE_CODES.has(code);
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
        const failure = serviceFailure(options.name, error);
        res.writeHead(failure.status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            error: { code: failure.code, message: failure.message, requestId: (req as Request).id },
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
