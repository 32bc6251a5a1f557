import type { Identity } from '@portal/kit/identity';
import type { Request } from 'express';

/** Who is calling, as the services are told: the session's user, or an anonymous caller. */
export function identityOf(req: Request): Omit<Identity, 'exp'> {
  const user = req.session?.user;
  return user ? { sub: user.id, admin: user.isSysAdmin, lang: user.language } : { sub: null, admin: false, lang: 'en' };
}
