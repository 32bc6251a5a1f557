import { createHmac, timingSafeEqual } from 'node:crypto';
import { languageSchema } from '@portal/contracts/languages';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { AppError, forbidden, unauthorized } from './errors.ts';

/** Header by which the gateway tells a service who is calling. */
export const IDENTITY_HEADER = 'x-portal-identity';
const IDENTITY_TTL_MS = 60_000;

const identitySchema = z.object({
  /** The signed-in user's id, or null for an anonymous caller the gateway let through. */
  sub: z.uuid().nullable(),
  admin: z.boolean(),
  lang: languageSchema,
  /** Where the call came from, for the audit trail: the client's address and user agent as the gateway saw them. */
  ip: z.string().max(64).optional(),
  ua: z.string().max(512).optional(),
  exp: z.number(),
});
export type Identity = z.infer<typeof identitySchema>;

/** The one call a token is made for: a token captured on its way is worth nothing for another call. */
export interface SignedCall {
  method: string;
  /** The path and query string, as the service receives them: a token is worth nothing for another query. */
  path: string;
}

const boundIdentitySchema = identitySchema.extend({ call: z.string() });
const callKey = (call: SignedCall) => `${call.method.toUpperCase()} ${call.path}`;

declare module 'express-serve-static-core' {
  interface Request {
    identity: Identity;
  }
}

export function signIdentity(
  identity: Omit<Identity, 'exp'>,
  call: SignedCall,
  secret: string,
  now = Date.now(),
): string {
  const claims = { ...identity, exp: now + IDENTITY_TTL_MS, call: callKey(call) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(payload, secret)}`;
}

export function verifyIdentity(
  token: string | undefined,
  call: SignedCall,
  secret: string,
  now = Date.now(),
): Identity | null {
  if (!token) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { call: signedFor, ...identity } = boundIdentitySchema.parse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    return identity.exp >= now && signedFor === callKey(call) ? identity : null;
  } catch {
    return null;
  }
}

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Services accept only requests that carry an identity signed by the gateway. */
export function requireSignedIdentity(secret: string): RequestHandler {
  return (req, _res, next) => {
    const identity = verifyIdentity(req.get(IDENTITY_HEADER), { method: req.method, path: req.originalUrl }, secret);
    if (!identity) {
      next(new AppError(401, 'unauthorized', 'Missing or invalid gateway identity'));
      return;
    }
    req.identity = identity;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.identity?.sub ? undefined : unauthorized());
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.identity?.sub) next(unauthorized());
  else next(req.identity.admin ? undefined : forbidden('System administrators only'));
};

/** The signed-in user's id; only call behind requireUser. */
export function userIdOf(identity: Identity): string {
  if (!identity.sub) throw unauthorized();
  return identity.sub;
}
