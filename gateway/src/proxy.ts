import type { ClientRequest, IncomingMessage } from 'node:http';
import { END_SESSIONS_HEADER, REQUEST_ID_HEADER } from '@portal/contracts/http';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import type { Logger } from '@portal/kit/logger';
import { serviceFailure, UNREACHABLE_CODES } from '@portal/kit/service-client';
import type { ServiceTargets } from '@portal/kit/service-targets';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, type Plugin, proxyEventsPlugin } from 'http-proxy-middleware';
import { identityOf } from './identity.ts';
import { prefixOf, yieldsTo } from './prefixes.ts';
import { isScimPath, sendScimError } from './scim.ts';

/**
 * Headers that belong to one connection (RFC 9110, 7.6.1) and are not passed on, the session cookie, which no
 * service sees, and the identity and request id, which the gateway sets itself. Transfer-Encoding stays: removed,
 * Node's client would send a streamed upload without any framing, as if it had no body.
 */
const NOT_FORWARDED = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'cookie',
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
];
/** What of an answer stays with the connection between the gateway and the service, and any cookie. */
const NOT_RETURNED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
]);

const READS = new Set(['GET', 'HEAD']);
/** Whether the request carries a body (a declared length above 0, or a streamed one). */
export const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The calls already sent a second time (to another instance, or on a new connection). */
const retried = new WeakSet<IncomingMessage>();
/** The instance each call went to, as the service's targets name it. */
const instanceOf = new WeakMap<IncomingMessage, string>();

interface Forwarding {
  targets: ServiceTargets;
  timeoutMs: number;
  logger: Logger;
  /** Sets what the instance receives beyond the caller's filtered headers (identity, request id). */
  decorate?(proxyReq: ClientRequest, req: Request): void;
  /** Told of the instance's answer before its headers are passed on. */
  answered?(proxyRes: IncomingMessage): void;
  /** The answer when the call failed before the instance's answer began. */
  failed(req: Request, res: Response, error: Error): void;
}

/**
 * http-proxy-middleware in front of the instances of one service, round-robin over kept-alive connections, body
 * streamed untouched. The timeout counts from the moment the whole request was sent: an upload that streams for
 * longer than it is not cut, and a slow answer still is. A read that never reached an instance (refused, or a
 * kept-alive connection the instance had just closed) is sent once more; a caller that went away is no error.
 */
export function forwarder({ targets, timeoutMs, logger, decorate, answered, failed }: Forwarding) {
  const proxy = createProxyMiddleware<Request, Response>({
    target: targets.instances[0],
    router: (req) => {
      const instance = targets.next();
      instanceOf.set(req, instance);
      return instance;
    },
    agent: targets.agent,
    // The default plugins but the logger, which builds a URL and a line for every answer and hands them to a
    // logger that drops them: the portal logs failures itself (`failed`). The library types its own plugins for
    // node:http's request alone.
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<Request, Response>[],
    // The path as the caller sent it, wherever the proxy is mounted.
    pathRewrite: (_path, req) => req.originalUrl,
    // With `on.error` given, the library answers no error itself: the handler below does, in the portal's shape.
    on: {
      proxyReq: (proxyReq, req) => {
        for (const header of NOT_FORWARDED) proxyReq.removeHeader(header);
        const forwardedFor = req.headers['x-forwarded-for'];
        const client = req.socket.remoteAddress ?? '';
        proxyReq.setHeader('x-forwarded-for', forwardedFor ? `${String(forwardedFor)}, ${client}` : client);
        proxyReq.setHeader('x-forwarded-proto', req.protocol);
        if (req.headers.host) proxyReq.setHeader('x-forwarded-host', req.headers.host);
        decorate?.(proxyReq, req);
        proxyReq.once('finish', () =>
          proxyReq.setTimeout(timeoutMs, () =>
            proxyReq.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
          ),
        );
      },
      proxyRes: (proxyRes, req) => {
        proxyRes.headers = Object.fromEntries(
          Object.entries(proxyRes.headers).filter(([header]) => !NOT_RETURNED.has(header)),
        );
        answered?.(proxyRes);
        // The proxy ends the caller's connection: the answer is seen cut off, never finished otherwise.
        proxyRes.once('error', (error) =>
          logger.warn({ err: error, requestId: req.id }, 'proxy error: answer cut off midway'),
        );
      },
      error: (error: NodeJS.ErrnoException, req, res) => {
        if (!('writeHead' in res)) return;
        if (req.socket.destroyed) {
          logger.info({ requestId: req.id, method: req.method, path: req.path }, 'caller went away');
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const code = error.code ?? '';
        const instance = instanceOf.get(req);
        if (UNREACHABLE_CODES.has(code) && code !== 'ECONNRESET' && instance) targets.markDown(instance);
        const canRetry = UNREACHABLE_CODES.has(code) && READS.has(req.method) && !hasBody(req) && !retried.has(req);
        if (canRetry) {
          retried.add(req);
          void proxy(req, res as Response);
          return;
        }
        failed(req, res as Response, error);
      },
    },
  });
  return proxy;
}

/**
 * Streams /api calls under `prefixes` to a service (mounted before any body parser): the client's headers go on
 * without the session cookie and with the gateway's signed identity, which covers the method, path and query. An
 * unreachable or slow service is a 503, anything else a 502, in the portal's error shape (SCIM's on its paths).
 */
export function serviceProxy(options: {
  name: string;
  targets: ServiceTargets;
  prefixes: string[];
  /** The other services' paths: a more specific one of them (`/api/courses/:id/questions`) wins over a prefix here. */
  othersPrefixes?: string[];
  secret: string;
  timeoutMs: number;
  logger: Logger;
  /** Ends every session of these users (a service deactivated, demoted or deleted them). */
  endSessions: (userIds: string[]) => Promise<void>;
}): RequestHandler {
  const { name, secret, logger } = options;
  const proxy = forwarder({
    targets: options.targets,
    timeoutMs: options.timeoutMs,
    logger,
    decorate: (proxyReq, req) => {
      const call = { method: req.method, path: req.originalUrl };
      proxyReq.setHeader(IDENTITY_HEADER, signIdentity(identityOf(req), call, secret));
      proxyReq.setHeader(REQUEST_ID_HEADER, req.id);
    },
    // An answer the browser can revalidate by its tag is kept, and asked for again on each use.
    answered: (proxyRes) => {
      const { [END_SESSIONS_HEADER]: ended, ...passedOn } = proxyRes.headers;
      if (typeof ended === 'string') {
        proxyRes.headers = passedOn;
        options
          .endSessions(ended.split(','))
          .catch((error: unknown) => logger.error({ err: error, service: name }, 'sessions could not be ended'));
      }
      if (proxyRes.headers.etag && !proxyRes.headers['cache-control'])
        proxyRes.headers['cache-control'] = 'private, no-cache';
    },
    failed: (req, res, error) => {
      logger.warn({ err: error, service: name, requestId: req.id }, 'proxy error');
      const failure = serviceFailure(name, error);
      if (isScimPath(req.path)) return sendScimError(res, failure.status, failure.message);
      res.status(failure.status).json({ error: { code: failure.code, message: failure.message, requestId: req.id } });
    },
  });
  return (req, res, next) => {
    const prefix = prefixOf(req.path, options.prefixes);
    if (!prefix || yieldsTo(req.path, prefix, options.othersPrefixes ?? [])) return next();
    res.locals.metricsRoute = `${prefix}/*`;
    void proxy(req, res, next);
  };
}
