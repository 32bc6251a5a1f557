import { type SsoError } from '@portal/contracts/oidc';
import type { Logger } from '@portal/kit/logger';
import * as client from 'openid-client';
import type { GatewayConfig } from './config.ts';

declare module 'express-session' {
  interface SessionData {
    /** Between the redirect to the provider and its callback: what the callback must find again, used once. */
    oidc: { state: string; nonce: string; codeVerifier: string; next: string };
    /** The ID token of a provider sign-in, kept only as the hint of RP-initiated logout. */
    idToken: string;
  }
}

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** How long discovery and token calls may take before the provider counts as down, in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The page to return to after sign-in when `value` is a path of this portal, else `/`. Deliberately narrower than
 * the shell's rule: a single `/` followed by letters, digits and the URL's ordinary punctuation, nothing that
 * could start another host or scheme.
 */
export function safeNextPath(value: string | undefined): string {
  if (!value || value.length > 2048 || !/^\/(?![/\\])[\w\-./~%?=&#+:@!$,;*]*$/.test(value)) return '/';
  return value;
}

/** Where a failed sign-in sends the browser: the login page names the reason, translated. */
export const loginFailedPath = (error: SsoError) => `/login?sso_error=${error}`;

/** Why the provider's part failed, as the login page names it. */
export function ssoErrorOf(error: unknown): SsoError {
  // fetch answers a refused connection or a timeout with a TypeError or an AbortSignal's error.
  if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) return 'provider';
  if (error instanceof client.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    const status = (error.cause as Response | undefined)?.status ?? 0;
    if (status >= 500) return 'provider';
  }
  return 'failed';
}

/** What a log may say of a failure: its kind and message, never its cause (which can hold the callback's code). */
export function reasonOf(error: unknown) {
  if (!(error instanceof Error)) return { name: typeof error };
  return { name: error.name, code: (error as { code?: unknown }).code, message: error.message };
}

export type RelyingParty = ReturnType<typeof relyingParty>;

/**
 * The portal as the relying party of one OpenID Connect provider. Discovery happens on first use and again after a
 * failure, so the portal starts and serves password sign-in while the provider is down.
 */
export function relyingParty(
  config: GatewayConfig & { OIDC_ISSUER_URL: string; OIDC_CLIENT_ID: string },
  logger: Logger,
) {
  const redirectUri = new URL(OIDC_CALLBACK_PATH, config.PUBLIC_URL).href;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(config.OIDC_ISSUER_URL),
        config.OIDC_CLIENT_ID,
        config.OIDC_CLIENT_SECRET,
        // Without a secret, a public client: PKCE alone binds the code to this browser's sign-in.
        config.OIDC_CLIENT_SECRET ? undefined : client.None(),
        {
          execute: config.OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS ? [client.allowInsecureRequests] : [],
          timeout: PROVIDER_TIMEOUT_SECONDS,
        },
      )
      .then((configured) => {
        configured.timeout = PROVIDER_TIMEOUT_SECONDS;
        return configured;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        logger.warn({ reason: reasonOf(error) }, 'OpenID Connect discovery failed');
        throw error;
      });
    return discovered;
  }

  return {
    logger,

    /** The provider's authorization URL for a new sign-in, and the checks its callback must pass. */
    async start() {
      const configured = await configuration();
      const checks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(configured, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url: url.href, checks };
    },

    /**
     * Exchanges the callback's code (PKCE), validates the ID token (issuer, audience, expiry, nonce) and answers its
     * claims, completed from userinfo when the ID token has no e-mail.
     */
    async finish(search: string, checks: { state: string; nonce: string; codeVerifier: string }) {
      const configured = await configuration();
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = search;
      const tokens = await client.authorizationCodeGrant(configured, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new client.ClientError('the ID token is missing');
      const claims: Record<string, unknown> =
        idClaims.email === undefined
          ? { ...(await client.fetchUserInfo(configured, tokens.access_token, idClaims.sub)), ...idClaims }
          : idClaims;
      const endSession = configured.serverMetadata().end_session_endpoint !== undefined;
      return { issuer: configured.serverMetadata().issuer, claims, idToken: endSession ? tokens.id_token : undefined };
    },

    /** The provider's logout URL for this ID token, when it offers RP-initiated logout (and is reachable now). */
    async endSessionUrl(idToken: string): Promise<string | undefined> {
      const configured = await configuration().catch(() => undefined);
      if (!configured?.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(configured, {
        id_token_hint: idToken,
        post_logout_redirect_uri: new URL('/', config.PUBLIC_URL).href,
      }).href;
    },
  };
}
