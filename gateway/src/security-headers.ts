import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config.ts';
import { prefixOf } from './prefixes.ts';

/** Origins of remotes served from elsewhere (compose): they may supply scripts, styles and manifests. */
function remoteOrigins(config: GatewayConfig): string[] {
  const origins = new Set<string>();
  for (const url of [
    config.REMOTE_AUTH_URL,
    config.REMOTE_COURSES_URL,
    config.REMOTE_EDITOR_URL,
    config.REMOTE_ADMIN_URL,
  ]) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** A build's content-hashed script, style sheet, font or image (not SVG: opened on its own, it is a document). */
const HASHED_SUBRESOURCE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpg|webp)$/;

/**
 * What the services' answers carry (JSON, and attachments sent for download): data, never a page. Were one
 * opened as a document, nothing in it could run, load or be framed (OWASP's headers for REST answers), and these
 * few short headers cost a call less than the pages' set.
 */
function dataHeaders(config: GatewayConfig): [string, string][] {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ...(config.TRUST_PROXY
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
}

/**
 * A strict CSP: no inline scripts, no eval, nothing from other origins but the configured remotes. The build's
 * hashed scripts, styles, fonts and images get only the headers a browser applies to them: the CSP and the
 * framing and isolation headers act on documents, and sent with each of a page's 20-odd scripts they weighed
 * about 0.7 KiB per file (issue 10, the page-weight budgets). Every answer under `dataPrefixes` (the API,
 * whoever answers it: a service, or the gateway itself, as the data export) gets the data set above; only the
 * `pages` among them (the API reference) keep the pages' set.
 */
export function securityHeaders(config: GatewayConfig, dataPrefixes: readonly string[], pages: readonly string[]) {
  const documentHeaders = helmetFor(config);
  const forData = dataHeaders(config);
  return (req: Request, res: Response, next: NextFunction) => {
    if (prefixOf(req.path, dataPrefixes) && !pages.includes(req.path)) {
      for (const [name, value] of forData) res.setHeader(name, value);
      next();
      return;
    }
    const subresource = (req.method === 'GET' || req.method === 'HEAD') && HASHED_SUBRESOURCE.test(req.path);
    if (!subresource) return documentHeaders(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    next();
  };
}

function helmetFor(config: GatewayConfig) {
  const remotes = remoteOrigins(config);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        connectSrc: ["'self'", ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.TRUST_PROXY ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.TRUST_PROXY,
  });
}
