import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type PortalConfig } from '@portal/contracts/portal-config';
import { LANGUAGES } from '@portal/contracts/languages';
import { serviceTargets } from '@portal/kit/service-targets';
import express, { type RequestHandler, type Response, Router } from 'express';
import type { GatewayConfig } from './config.ts';
import { precompressedFiles, sendPrecompressed } from './precompressed.ts';
import type { Logger } from '@portal/kit/logger';
import { forwarder } from './proxy.ts';
import type { CompanyProvider, CompanyProviders } from './oidc.ts';

const BUILD_STATISTICS = /(^|\/)mf-stats\.json(\.br|\.gz)?$/i;
/** Percent-decoded as the static files are looked up, so that no other spelling of the name gets through. */
function isBuildStatistics(requestPath: string): boolean {
  try {
    return BUILD_STATISTICS.test(decodeURIComponent(requestPath));
  } catch {
    return false;
  }
}
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

/** Hashed files never change; everything else (index.html, manifests, remote entries) is revalidated on each load. */
function cacheControlOf(file: string): string {
  return HASHED_FILE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function cacheHeaders(res: Response, file: string) {
  res.setHeader('Cache-Control', cacheControlOf(file));
}

/** A build folder: the brotli or gzip copy of a file when the browser takes one, the file itself otherwise. */
function buildFolder(dir: string): Router {
  const folder = Router();
  folder.use(precompressedFiles(dir, cacheControlOf), express.static(dir, { index: false, setHeaders: cacheHeaders }));
  return folder;
}

export function portalConfig(config: GatewayConfig): PortalConfig {
  return {
    remotes: {
      auth: config.REMOTE_AUTH_URL,
      courses: config.REMOTE_COURSES_URL,
      editor: config.REMOTE_EDITOR_URL,
      admin: config.REMOTE_ADMIN_URL,
    },
    languages: [...LANGUAGES],
    maxFileBytes: config.MAX_FILE_BYTES,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    registration: config.REGISTRATION,
    deletedAccountRecords: config.DELETED_ACCOUNT_RECORDS,
    footer: {
      address: config.FOOTER_ADDRESS,
      website: config.FOOTER_WEBSITE,
      phone: config.FOOTER_PHONE,
      email: config.FOOTER_EMAIL,
      tagline: {
        en: config.FOOTER_TAGLINE,
        fr: config.FOOTER_TAGLINE_FR,
        de: config.FOOTER_TAGLINE_DE,
        it: config.FOOTER_TAGLINE_IT,
        rm: config.FOOTER_TAGLINE_RM,
      },
      imprintUrl: config.FOOTER_IMPRINT_URL,
      privacyUrl: config.FOOTER_PRIVACY_URL,
    },
  };
}

/**
 * Forwards a slice's files to the container that serves them (it keeps their cache headers), over kept-alive
 * connections: a page load asks each slice for several files, and a new connection per file costs a handshake
 * across the containers' network.
 */
function sliceProxy(upstream: string, logger: Logger): RequestHandler {
  const proxy = forwarder({
    targets: serviceTargets(upstream),
    timeoutMs: 10_000,
    logger,
    failed: (_req, res) => {
      res.status(503).type('text/plain').send('This part of the portal is not available right now.');
    },
  });
  return (req, res, next) => void proxy(req, res, next);
}

/** The login page's offer: addresses outside the provider's domains, when it has some, sign in with a password. */
const ssoOffer = (provider: Pick<CompanyProvider, 'displayName' | 'passwordSignIn' | 'allowedDomains'>) => ({
  displayName: provider.displayName,
  passwordSignIn: provider.passwordSignIn,
  passwordOutsideDomains: provider.allowedDomains.length > 0,
});

/**
 * The shell at / (with the SPA fallback), each remote at /mfe/<name>/, and /config.json (its `sso` follows the
 * company's provider as it is now).
 */
export function staticSlices(config: GatewayConfig, logger: Logger, providers: CompanyProviders): Router {
  const router = Router();
  // The build's statistics name the build machine's paths: they are for the build, not for visitors.
  router.use((req, res, next) => {
    if (isBuildStatistics(req.path)) res.status(404).type('text/plain').send('Not found');
    else next();
  });
  const runtimeConfig = portalConfig(config);
  router.get('/config.json', async (req, res) => {
    const provider = await providers.signIn(req.id);
    res.setHeader('Cache-Control', 'no-cache');
    res.json(provider ? { ...runtimeConfig, sso: ssoOffer(provider) } : runtimeConfig);
  });

  const upstreams: Record<string, string | undefined> = {
    auth: config.MFE_AUTH_UPSTREAM,
    courses: config.MFE_COURSES_UPSTREAM,
    editor: config.MFE_EDITOR_UPSTREAM,
    admin: config.MFE_ADMIN_UPSTREAM,
  };
  for (const name of REMOTE_NAMES) {
    const upstream = upstreams[name];
    router.use(
      `/mfe/${name}`,
      upstream ? sliceProxy(upstream, logger) : buildFolder(path.join(config.STATIC_ROOT, `mfe-${name}`, 'dist')),
      (_req, res) => {
        res.status(404).type('text/plain').send('Not found');
      },
    );
  }

  // In the compose stack each slice is its own small static container behind the gateway.
  if (config.SHELL_UPSTREAM) {
    router.use(sliceProxy(config.SHELL_UPSTREAM, logger));
    return router;
  }

  const shellDir = path.join(config.STATIC_ROOT, 'shell', 'dist');
  const indexHtml = path.join(shellDir, 'index.html');
  router.use(buildFolder(shellDir));
  router.get('/{*path}', async (req, res, next) => {
    if (!existsSync(indexHtml)) {
      res
        .status(503)
        .type('text/plain')
        .send('The front end is not built yet: run `npm run build` (npm start does it for you).');
      return;
    }
    if (await sendPrecompressed(req, res, indexHtml, 'no-cache', next)) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
