import {
  changePasswordRequestSchema,
  deleteUserRequestSchema,
  loginRequestSchema,
  loginStatusQuerySchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  userSchema,
} from '@portal/contracts/auth';
import { SESSION_ALIVE_PATH } from '@portal/contracts/http';
import { uuidSchema } from '@portal/contracts/rules';
import { unauthorized } from '@portal/kit/errors';
import type { ServiceAnswer, ServiceClient } from '@portal/kit/service-client';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import { z } from 'zod';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { identityOf } from './identity.ts';
import type { CompanyProviders } from './oidc.ts';
import { oidcRoutes } from './oidc-routes.ts';
import type { RateLimits } from './rate-limits.ts';
import { beginSession, regenerate, SESSION_COOKIE, sessionUserOf, type UserSessionStore } from './session.ts';

function relay(res: Response, answer: ServiceAnswer) {
  res.status(answer.status).json(answer.body);
}

function destroy(req: Request, res: Response): Promise<void> {
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  return new Promise((resolve) => req.session.destroy(() => resolve()));
}

/** Takes a point of the caller's address before anything else of the request is read. */
const countedBefore =
  (take: (ip: string) => Promise<void>) =>
  async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    await take(req.ip ?? 'unknown');
    next();
  };

/** What the auth service tells the gateway after a reset: whose sessions to end. */
const passwordResetDoneSchema = z.object({ userId: uuidSchema });

/**
 * Whether the browser's session still exists, read through `peek` (the sessions without their idle expiry
 * moving): mounted before the rolling sessions, so an open tab's question does not keep an unattended session alive.
 */
export function sessionAliveRoute(peek: RequestHandler[]): Router {
  const router = strictRouter();
  router.get(SESSION_ALIVE_PATH, ...peek, (req, res) => {
    res.json({ signedIn: Boolean(req.session.user) });
  });
  return router;
}

/**
 * Sessions are the gateway's: it asks the auth service, then signs the user in or out. When credentials change
 * (change-password, reset-password, delete-user) every other session of the user ends at once.
 */
export function sessionRoutes(
  auth: ServiceClient,
  limits: RateLimits,
  store: UserSessionStore,
  providers: CompanyProviders,
): Router {
  const router = strictRouter();
  router.use(oidcRoutes(auth, store, providers));
  // Parsed here only: the proxied routes stream their bodies untouched.
  const json = express.json({ limit: '16kb' });

  async function signIn(req: Request, res: Response, status: number, body: unknown) {
    const user = userSchema.parse(body);
    await beginSession(req, store, user);
    res.status(status).json(user);
  }

  // The address's point is taken before the body is read, the account's before the password is checked.
  router.post('/api/auth/login', countedBefore(limits.loginFrom), json, async (req, res) => {
    const credentials = parseInput(loginRequestSchema, req.body);
    const ip = req.ip ?? 'unknown';
    await limits.loginTo(credentials.email, ip);
    const answer = await auth('/internal/login', {
      method: 'POST',
      body: credentials,
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status !== 200) {
      if (answer.status !== 401) await limits.loginNotChecked(credentials.email, ip);
      return relay(res, answer);
    }
    await limits.loginSucceeded(credentials.email, ip);
    await signIn(req, res, 200, answer.body);
  });

  router.post('/api/auth/register', countedBefore(limits.register), json, async (req, res) => {
    const registration = parseInput(registerRequestSchema, req.body);
    const answer = await auth('/internal/register', {
      method: 'POST',
      body: registration,
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status !== 201) return relay(res, answer);
    await signIn(req, res, 201, answer.body);
  });

  // After a provider sign-in the browser is sent on to the provider's logout too (RP-initiated logout).
  router.post('/api/auth/logout', async (req, res) => {
    if (req.session.user) {
      // For the audit trail only: a sign-out goes on when the auth service cannot record it.
      await auth('/internal/signed-out', { method: 'POST', identity: identityOf(req), requestId: req.id }).catch(
        () => undefined,
      );
    }
    const { idToken } = req.session;
    await destroy(req, res);
    const provider = idToken ? await providers.signIn(req.id) : undefined;
    const endSessionUrl = idToken && provider ? await provider.party.endSessionUrl(idToken) : undefined;
    res.json({ message: 'Signed out', ...(endSessionUrl ? { endSessionUrl } : {}) });
  });

  router.get('/api/auth/check-login-status', async (req, res) => {
    const sessionUser = req.session.user;
    if (!sessionUser) {
      if (parseInput(loginStatusQuerySchema, req.query, 'query').optional === 'true') return void res.json(null);
      throw unauthorized();
    }
    // The auth service finds no account for a session begun before the account's sessions were ended at start-up.
    const begun = req.session.signedInAt ? `?sessionBegunAt=${req.session.signedInAt}` : '';
    const answer = await auth(`/internal/users/${sessionUser.id}${begun}`, {
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status === 404) {
      await destroy(req, res);
      throw unauthorized('The account no longer exists');
    }
    if (answer.status !== 200) return relay(res, answer);
    const user = userSchema.parse(answer.body);
    // Admin flag and language may have changed since sign-in: the session follows the stored account.
    req.session.user = sessionUserOf(user);
    res.json(user);
  });

  /** Calls that check the signed-in user's current password: counted per account before the check. */
  async function checkingCurrentPassword(req: Request, path: string, method: string, schema: z.core.$ZodType) {
    const user = req.session.user;
    if (!user) throw unauthorized();
    const body = parseInput(schema, req.body);
    await limits.beforePasswordCheck(user.id);
    const answer = await auth(path, { method, body, identity: identityOf(req), requestId: req.id });
    if (answer.status === 200) await limits.passwordCheckSucceeded(user.id);
    return answer;
  }

  router.post('/api/user/change-password', json, async (req, res) => {
    const answer = await checkingCurrentPassword(req, '/api/user/change-password', 'POST', changePasswordRequestSchema);
    const { user, signedInAt } = req.session;
    if (answer.status === 200 && user) {
      // This browser stays signed in, under a new session id; every other session of the user ends.
      await regenerate(req);
      Object.assign(req.session, { user, signedInAt });
      await store.track(user.id, req.sessionID);
      await store.endSessionsOf(user.id, req.sessionID);
    }
    relay(res, answer);
  });

  router.delete('/api/user/delete-user', json, async (req, res) => {
    const answer = await checkingCurrentPassword(req, '/api/user/delete-user', 'DELETE', deleteUserRequestSchema);
    const userId = req.session.user?.id;
    if (answer.status === 200 && userId) {
      await store.endSessionsOf(userId);
      await destroy(req, res);
    }
    relay(res, answer);
  });

  router.post('/api/user/reset-password', json, async (req, res) => {
    const answer = await auth('/internal/reset-password', {
      method: 'POST',
      body: parseInput(resetPasswordRequestSchema, req.body),
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status !== 200) return relay(res, answer);
    await store.endSessionsOf(passwordResetDoneSchema.parse(answer.body).userId);
    res.json({ message: 'Password changed' });
  });

  return router;
}
