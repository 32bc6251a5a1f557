import { deleteUserRequestSchema, loginRequestSchema, registerRequestSchema, userSchema } from '@portal/contracts/auth';
import { unauthorized } from '@portal/kit/errors';
import { parseInput } from '@portal/kit/validate';
import express, { type Request, type Response, Router } from 'express';
import { identityOf } from './identity.ts';
import type { RateLimits } from './rate-limits.ts';
import type { ServiceAnswer, ServiceClient } from './service-client.ts';
import { SESSION_COOKIE, sessionUserOf } from './session.ts';

function relay(res: Response, answer: ServiceAnswer) {
  res.status(answer.status).json(answer.body);
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

function destroy(req: Request, res: Response): Promise<void> {
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  return new Promise((resolve) => req.session.destroy(() => resolve()));
}

/** Sessions are the gateway's: it asks the auth service, then signs the user in or out. */
export function sessionRoutes(auth: ServiceClient, limits: RateLimits): Router {
  const router = Router();
  // Parsed here only: the proxied routes stream their bodies untouched.
  const json = express.json({ limit: '16kb' });

  async function signIn(req: Request, res: Response, status: number, body: unknown) {
    const user = userSchema.parse(body);
    // A new session id on every sign-in: a session id planted before login is worth nothing after it.
    await regenerate(req);
    req.session.user = sessionUserOf(user);
    req.session.signedInAt = Date.now();
    res.status(status).json(user);
  }

  router.post('/api/auth/login', json, async (req, res) => {
    const credentials = parseInput(loginRequestSchema, req.body);
    const ip = req.ip ?? 'unknown';
    await limits.beforeLogin(credentials.email, ip);
    const answer = await auth('/internal/login', {
      method: 'POST',
      body: credentials,
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status === 401) await limits.loginFailed(credentials.email, ip);
    if (answer.status !== 200) return relay(res, answer);
    await limits.loginSucceeded(credentials.email, ip);
    await signIn(req, res, 200, answer.body);
  });

  router.post('/api/auth/register', json, async (req, res) => {
    const registration = parseInput(registerRequestSchema, req.body);
    await limits.register(req.ip ?? 'unknown');
    const answer = await auth('/internal/register', {
      method: 'POST',
      body: registration,
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status !== 201) return relay(res, answer);
    await signIn(req, res, 201, answer.body);
  });

  router.post('/api/auth/logout', async (req, res) => {
    await destroy(req, res);
    res.json({ message: 'Signed out' });
  });

  router.get('/api/auth/check-login-status', async (req, res) => {
    const sessionUser = req.session.user;
    if (!sessionUser) throw unauthorized();
    const answer = await auth(`/internal/users/${sessionUser.id}`, { identity: identityOf(req), requestId: req.id });
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

  router.delete('/api/user/delete-user', json, async (req, res) => {
    if (!req.session.user) throw unauthorized();
    const answer = await auth('/api/user/delete-user', {
      method: 'DELETE',
      body: parseInput(deleteUserRequestSchema, req.body),
      identity: identityOf(req),
      requestId: req.id,
    });
    if (answer.status === 200) await destroy(req, res);
    relay(res, answer);
  });

  return router;
}
