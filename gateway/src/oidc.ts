import type { SsoError } from '@portal/contracts/auth';
import { OIDC_CALLBACK_PATH } from '@portal/contracts/oidc';
import { type SsoTestResult, ssoProviderSchema } from '@portal/contracts/sso-settings';
import type { Logger } from '@portal/kit/logger';
import type { ServiceClient } from '@portal/kit/service-client';
import * as client from 'openid-client';
import type { GatewayConfig } from './config.ts';

declare module 'express-session' {
  interface SessionData {
    /** Between the redirect to the provider and its callback: what the callback must find again, used once. */
    oidc: { state: string; nonce: string; codeVerifier: string; next: string; test?: true };
    /** The last test of the connection an administrator ran in this session: shown, never signed in with. */
    ssoTest: SsoTestResult;
    /** The ID token of a provider sign-in, kept only as the hint of RP-initiated logout. */
    idToken: string;
  }
}

/** How long discovery and token calls may take before the provider counts as down, in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const PORTAL = 'https://portal.invalid';

/**
 * The page to return to after sign-in when `value` is a path of this portal, else `/`. Deliberately narrower than
 * the shell's rule: a single `/` followed by letters, digits and the URL's ordinary punctuation, nothing that
 * could start another host or scheme; resolved as the browser will (`/.//x` and `/%2e%2e//x` become `//x`), it
 * must still start with a single `/`, and is sent so resolved.
 */
export function safeNextPath(value: string | undefined): string {
  if (!value || value.length > 2048 || !/^\/(?![/\\])[\w\-./~%?=&#+:@!$,;*]*$/.test(value)) return '/';
  const resolved = new URL(value, PORTAL);
  if (resolved.origin !== PORTAL || resolved.pathname.startsWith('//')) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
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

/** Which provider, and how the portal is its client. */
interface ProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
}

type PortalSide = Pick<GatewayConfig, 'PUBLIC_URL' | 'OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS'>;

/**
 * The portal as the relying party of one OpenID Connect provider. Discovery happens on first use and again after a
 * failure, so the portal starts and serves password sign-in while the provider is down.
 */
function relyingParty(settings: ProviderSettings, config: PortalSide, logger: Logger) {
  const redirectUri = new URL(OIDC_CALLBACK_PATH, config.PUBLIC_URL).href;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        // Without a secret, a public client: PKCE alone binds the code to this browser's sign-in.
        settings.clientSecret ? undefined : client.None(),
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

/** The company's provider as the login page and sign-in use it. */
export interface CompanyProvider {
  party: RelyingParty;
  displayName: string;
  /** Its domains; empty: every address is the provider's. */
  allowedDomains: string[];
  passwordSignIn: boolean;
  enabled: boolean;
}

/** How long a gateway keeps the stored provider before it asks the auth service again, in milliseconds. */
const STORED_PROVIDER_TTL_MS = 5_000;
const GATEWAY_IDENTITY = { sub: null, admin: false, lang: 'en' } as const;

/**
 * The company's provider: the environment's (OIDC_*) when it names an issuer, else the one an administrator stored
 * in the auth service, asked for again after a few seconds so every gateway follows a change; a changed provider
 * is discovered anew.
 */
export function companyProvider(config: GatewayConfig, auth: ServiceClient, logger: Logger) {
  const environment: CompanyProvider | undefined =
    config.OIDC_ISSUER_URL && config.OIDC_CLIENT_ID
      ? {
          party: relyingParty(
            {
              issuerUrl: config.OIDC_ISSUER_URL,
              clientId: config.OIDC_CLIENT_ID,
              clientSecret: config.OIDC_CLIENT_SECRET,
            },
            config,
            logger,
          ),
          displayName: config.OIDC_DISPLAY_NAME,
          allowedDomains: config.OIDC_ALLOWED_DOMAINS,
          passwordSignIn: config.OIDC_PASSWORD_SIGN_IN,
          enabled: true,
        }
      : undefined;
  let asked: { at: number; answer: Promise<CompanyProvider | undefined> } | undefined;
  let built: { key: string; party: RelyingParty } | undefined;

  async function stored(requestId: string): Promise<CompanyProvider | undefined> {
    const answer = await auth('/internal/sso-provider', { identity: GATEWAY_IDENTITY, requestId });
    const settings = answer.status === 200 ? ssoProviderSchema.parse(answer.body) : null;
    if (!settings) return undefined;
    const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
    if (built?.key !== key) built = { key, party: relyingParty(settings, config, logger) };
    return { ...settings, party: built.party };
  }

  /** The provider, enabled or not; `fresh`: asked of the auth service now, not taken from the last few seconds. */
  function current(requestId: string, fresh = false): Promise<CompanyProvider | undefined> {
    if (environment) return Promise.resolve(environment);
    if (fresh || !asked || Date.now() - asked.at > STORED_PROVIDER_TTL_MS) {
      const answer = stored(requestId).catch((error: unknown) => {
        asked = undefined;
        logger.warn({ reason: reasonOf(error) }, 'the stored single sign-on settings could not be read');
        return undefined;
      });
      asked = { at: Date.now(), answer };
    }
    return asked.answer;
  }

  return {
    /** The provider people sign in with: the environment's, or the stored one once it is switched on. */
    async signIn(requestId: string): Promise<CompanyProvider | undefined> {
      const provider = await current(requestId);
      return provider?.enabled ? provider : undefined;
    },
    /** The provider an administrator tests the connection with, switched on or not: the settings just saved. */
    test: (requestId: string) => current(requestId, true),
  };
}
export type CompanyProviders = ReturnType<typeof companyProvider>;
