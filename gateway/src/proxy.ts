import { type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import type { Logger } from '@portal/kit/logger';
import { serviceFailure, UNREACHABLE_CODES } from '@portal/kit/service-client';
import type { ServiceTargets } from '@portal/kit/service-targets';
import type { Request, RequestHandler, Response } from 'express';
import { identityOf } from './identity.ts';
import { prefixOf } from './prefixes.ts';

/**
 * Headers that belong to one connection (RFC 9110, 7.6.1) and are not passed on, the session cookie, which no
 * service sees, and the identity and request id, which the gateway sets itself.
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'cookie',
  IDENTITY_HEADER.toLowerCase(),
  REQUEST_ID_HEADER.toLowerCase(),
]);
/**
 * What of a service's answer stays with the connection between the gateway and the service, and any cookie: the
 * portal's origin has the gateway's session cookie alone.
 */
const NOT_RETURNED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
]);

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** How a proxied call is sent on, and what the caller hears when it cannot be. */
interface Forwarding {
  targets: ServiceTargets;
  timeoutMs: number;
  /** The headers the instance receives, from the caller's (which are never passed on unfiltered). */
  headersOf(req: Request): IncomingHttpHeaders;
  /** The answer when the call failed before the instance's answer began. */
  failed(req: Request, res: Response, error: Error): void;
  /** Told of a failure after the answer began, which cut the caller's answer off. */
  cutOff?(req: Request, error: Error): void;
}

/**
 * Streams a call to one of the instances at the same path, over their kept-alive connections, body untouched,
 * and the answer back as the instance gave it (less the headers of its connection and any cookie). A call that
 * never reached an instance (refused, or a kept-alive connection the instance had just closed) is tried once more
 * on the next instance when it has no body to send again. A caller that goes away ends the call to the instance;
 * an instance that goes away mid-answer cuts the caller's answer off.
 *
 * A few lines of node:http instead of http-proxy-middleware: its per-call set-up (options, events, the path
 * rewriting) cost as much gateway CPU as the rest of a proxied page together (`bench/courses-api.ts`).
 */
export function forwarder({ targets, timeoutMs, headersOf, failed, cutOff }: Forwarding) {
  // Each instance's address parsed once, not on every call.
  const addresses = new Map(
    targets.instances.map((instance) => {
      const url = new URL(instance);
      return [instance, { protocol: url.protocol, hostname: url.hostname, port: url.port }] as const;
    }),
  );
  const forward = (req: Request, res: Response, retried: boolean) => {
    // Once the instance's answer has begun, its status and headers are the caller's: a failure can only cut it
    // off (which the caller sees), not be answered in its place.
    let began = false;
    const fail = (error: Error) => {
      if (!began && !res.headersSent) return failed(req, res, error);
      res.destroy();
      cutOff?.(req, error);
    };
    const target = targets.next();
    const withBody = hasBody(req);
    const outgoing = request({
      ...addresses.get(target),
      path: req.originalUrl,
      method: req.method,
      agent: targets.agent,
      headers: headersOf(req),
      timeout: timeoutMs,
    });
    const abandon = () => {
      if (!res.writableFinished) outgoing.destroy();
    };
    res.once('close', abandon);

    outgoing.on('response', (incoming: IncomingMessage) => {
      began = true;
      res.status(incoming.statusCode ?? 502);
      for (const [header, value] of Object.entries(incoming.headers))
        if (value !== undefined && !NOT_RETURNED.has(header)) res.setHeader(header, value);
      incoming.on('error', (error) => {
        if (!res.destroyed) fail(error);
      });
      incoming.pipe(res);
    });
    outgoing.on('timeout', () =>
      outgoing.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      res.off('close', abandon);
      if (res.destroyed) return;
      const code = error.code ?? '';
      const unreachable = UNREACHABLE_CODES.has(code);
      const stale = outgoing.reusedSocket && code === 'ECONNRESET';
      if (unreachable && !stale) targets.markDown(target);
      const canRetry = !retried && !withBody && !began && (stale || (unreachable && targets.instances.length > 1));
      if (canRetry) forward(req, res, true);
      else fail(error);
    });

    if (withBody) req.pipe(outgoing);
    else outgoing.end();
  };
  return (req: Request, res: Response) => forward(req, res, false);
}

/** The caller's headers, less those of its connection, as an instance behind the gateway receives them. */
export function forwardedHeaders(req: Request): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!NOT_FORWARDED.has(name)) headers[name] = value;
  const client = req.socket.remoteAddress ?? '';
  const forwardedFor = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
  headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  return headers;
}

/**
 * Streams /api calls to a service (mounted before any body parser): the client's headers go on without the
 * session cookie and with the gateway's signed identity in place of any the client sent. An unreachable or slow
 * service is a 503, anything else a 502, in the portal's error shape.
 */
export function serviceProxy(options: {
  name: string;
  targets: ServiceTargets;
  prefixes: string[];
  secret: string;
  timeoutMs: number;
  logger: Logger;
}) {
  const { name, secret, logger } = options;
  const forward = forwarder({
    targets: options.targets,
    timeoutMs: options.timeoutMs,
    headersOf: (req) => ({
      ...forwardedHeaders(req),
      [IDENTITY_HEADER.toLowerCase()]: signIdentity(
        identityOf(req),
        { method: req.method, path: req.originalUrl },
        secret,
      ),
      [REQUEST_ID_HEADER.toLowerCase()]: req.id,
    }),
    failed: (req, res, error) => {
      logger.warn({ err: error, service: name, requestId: req.id }, 'proxy error');
      const failure = serviceFailure(name, error);
      res.status(failure.status).json({ error: { code: failure.code, message: failure.message, requestId: req.id } });
    },
    cutOff: (req, error) =>
      logger.warn({ err: error, service: name, requestId: req.id }, 'proxy error: answer cut off midway'),
  });

  const handler: RequestHandler = (req, res, next) => {
    const prefix = prefixOf(req.path, options.prefixes);
    if (!prefix) return next();
    res.locals.metricsRoute = `${prefix}/*`;
    forward(req, res);
  };
  return handler;
}
