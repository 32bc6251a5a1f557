import type { SsoError } from '@portal/contracts/auth';
import {
  type OidcSignInRequest,
  oidcCallbackQuerySchema,
  oidcLoginQuerySchema,
  oidcSignInAnswerSchema,
  oidcSignInRequestSchema,
} from '@portal/contracts/oidc';
import { SSO_TEST_DONE_QUERY, type SsoTestResult, ssoMappingSchema } from '@portal/contracts/sso-settings';
import { pages } from '@portal/contracts/pages';
import { forbidden, notFound, unauthorized } from '@portal/kit/errors';
import type { ServiceClient } from '@portal/kit/service-client';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { identityOf } from './identity.ts';
import { OIDC_CALLBACK_PATH } from '@portal/contracts/oidc';
import {
  type CompanyProviders,
  type RelyingParty,
  loginFailedPath,
  reasonOf,
  safeNextPath,
  ssoErrorOf,
} from './oidc.ts';
import { beginSession, type UserSessionStore } from './session.ts';

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

/** The auth service's refusals that the login page explains; anything else is a generic failure. */
const REFUSALS: Record<string, SsoError> = {
  sso_domain_not_allowed: 'domain',
  sso_email_unverified: 'unverified',
  account_deactivated: 'deactivated',
};
const refusalSchema = z.object({ error: z.object({ code: z.string() }) });

/** `email_verified` as providers send it; Entra ID sends none but `xms_edov` for an address of a verified domain. */
const emailVerifiedOf = (claims: Record<string, unknown>) =>
  claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true;

const groupsOf = (claims: Record<string, unknown>): unknown[] =>
  Array.isArray(claims.groups) ? claims.groups : typeof claims.groups === 'string' ? [claims.groups] : [];

/** The validated ID token's claims as the auth service takes them; undefined when a needed one is missing. */
function signInRequestOf(issuer: string, claims: Record<string, unknown>): OidcSignInRequest | undefined {
  const parsed = oidcSignInRequestSchema.safeParse({
    issuer,
    subject: claims.sub,
    email: claims.email,
    emailVerified: emailVerifiedOf(claims),
    name: typeof claims.name === 'string' ? claims.name : undefined,
    locale: typeof claims.locale === 'string' ? claims.locale : undefined,
    groups: groupsOf(claims).filter((group) => typeof group === 'string'),
  });
  return parsed.success ? parsed.data : undefined;
}

/** Where the popup of a test of the connection comes back to: the page reads the result from the session. */
const TEST_DONE_PATH = `${pages.adminSso.getHref()}?${new URLSearchParams(SSO_TEST_DONE_QUERY)}`;

/** The administrator of this session, else 401 or 403: a test of the connection is theirs alone. */
function requireSessionAdmin(req: Request) {
  if (!req.session.user) throw unauthorized();
  if (!req.session.user.isSysAdmin) throw forbidden('System administrators only');
}

/**
 * Sign-in through the company's OpenID Connect provider: authorization code with PKCE, `state` and `nonce`, kept
 * in the session between the redirect and the callback. Every failure of the callback sends the browser to the
 * login page with a reason it translates, never to an error page. An administrator's test of the connection runs
 * the same flow but signs no one in: the callback keeps the claims and what they would map to for the page.
 */
export function oidcRoutes(auth: ServiceClient, store: UserSessionStore, providers: CompanyProviders): Router {
  const router = strictRouter();

  /** Sends the browser to the provider; `test`: an administrator's test of the connection. */
  async function start(req: Request, res: Response, provider: RelyingParty, next: string, test: boolean) {
    let started: Awaited<ReturnType<RelyingParty['start']>>;
    try {
      started = await provider.start();
    } catch {
      if (!test) return res.redirect(303, loginFailedPath('provider'));
      req.session.ssoTest = { status: 'provider' };
      await save(req);
      return res.redirect(303, TEST_DONE_PATH);
    }
    req.session.oidc = { ...started.checks, next, ...(test ? { test: true as const } : {}) };
    await save(req);
    res.redirect(303, started.url);
  }

  router.get('/api/auth/oidc/login', async (req, res) => {
    const provider = await providers.signIn(req.id);
    if (!provider) throw notFound('Single sign-on is not configured');
    const { next } = parseInput(oidcLoginQuerySchema, req.query, 'query');
    await start(req, res, provider.party, safeNextPath(next), false);
  });

  router.get('/api/auth/oidc/test', async (req, res) => {
    requireSessionAdmin(req);
    const provider = await providers.test(req.id);
    if (!provider) throw notFound('No single sign-on settings are stored');
    delete req.session.ssoTest;
    await start(req, res, provider.party, TEST_DONE_PATH, true);
  });

  router.get('/api/auth/oidc/test-result', (req, res) => {
    requireSessionAdmin(req);
    res.json(req.session.ssoTest ?? ({ status: 'none' } satisfies SsoTestResult));
  });

  router.get(OIDC_CALLBACK_PATH, async (req, res) => {
    const pending = req.session.oidc;
    // One callback per redirect: a replayed or second callback finds nothing to compare with.
    delete req.session.oidc;
    const provider = pending?.test ? await providers.test(req.id) : await providers.signIn(req.id);
    if (!provider) throw notFound('Single sign-on is not configured');
    const tested = async (result: SsoTestResult) => {
      req.session.ssoTest = result;
      await save(req);
      res.redirect(303, TEST_DONE_PATH);
    };
    const failed = (error: SsoError) =>
      pending?.test
        ? tested({ status: error === 'state' || error === 'provider' ? error : 'failed' })
        : res.redirect(303, loginFailedPath(error));
    const query = oidcCallbackQuerySchema.safeParse(req.query);
    if (!pending || !query.success || query.data.state !== pending.state) return failed('state');
    let finished: Awaited<ReturnType<RelyingParty['finish']>>;
    try {
      finished = await provider.party.finish(new URL(req.originalUrl, 'http://portal.invalid').search, pending);
    } catch (error) {
      provider.party.logger.warn({ requestId: req.id, reason: reasonOf(error) }, 'OpenID Connect callback refused');
      return failed(ssoErrorOf(error));
    }
    const claims = signInRequestOf(finished.issuer, finished.claims);
    if (pending.test) {
      if (!claims)
        return tested({ status: 'done', claims: finished.claims, mapping: { outcome: 'refused', reason: 'claims' } });
      const preview = await auth('/internal/oidc-sign-in/preview', {
        method: 'POST',
        body: claims,
        identity: identityOf(req),
        requestId: req.id,
      }).catch(() => undefined);
      const mapping = ssoMappingSchema.safeParse(preview?.body);
      if (preview?.status !== 200 || !mapping.success) return tested({ status: 'failed' });
      return tested({ status: 'done', claims: finished.claims, mapping: mapping.data });
    }
    if (!claims) {
      provider.party.logger.warn({ requestId: req.id }, 'OpenID Connect claims without a subject or a valid e-mail');
      return failed('failed');
    }
    const answer = await auth('/internal/oidc-sign-in', {
      method: 'POST',
      body: claims,
      identity: identityOf(req),
      requestId: req.id,
    }).catch((error: unknown) => {
      provider.party.logger.warn(
        { requestId: req.id, reason: reasonOf(error) },
        'auth service did not take the provider sign-in',
      );
      return undefined;
    });
    if (answer?.status !== 200) {
      const refusal = refusalSchema.safeParse(answer?.body);
      return failed((refusal.success && REFUSALS[refusal.data.error.code]) || 'failed');
    }
    const { user, endSessions } = oidcSignInAnswerSchema.parse(answer.body);
    // The provider took over an account someone else may have registered: the sessions they began end.
    if (endSessions) await store.endSessionsOf(user.id);
    await beginSession(req, store, user);
    if (finished.idToken) req.session.idToken = finished.idToken;
    res.redirect(303, pending.next);
  });

  return router;
}
