import helmet from 'helmet';
import type { GatewayConfig } from './config.ts';

/** Origins of remotes served from elsewhere (compose): they may supply scripts, styles and manifests. */
function remoteOrigins(config: GatewayConfig): string[] {
  const origins = new Set<string>();
  for (const url of [config.REMOTE_AUTH_URL, config.REMOTE_COURSES_URL, config.REMOTE_EDITOR_URL]) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** A strict CSP: no inline scripts, no eval, nothing from other origins but the configured remotes. */
export function securityHeaders(config: GatewayConfig) {
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
