import type { Identity } from '@portal/kit/identity';
import type { Request } from 'express';

/** Who is calling, as the services are told: the session's user, or an anonymous caller. */
export function identityOf(req: Request): Omit<Identity, 'exp'> {
  const user = req.session?.user;
  const from = { ip: req.ip?.slice(0, 64), ua: req.get('user-agent')?.slice(0, 512) };
  return user
    ? { sub: user.id, admin: user.isSysAdmin, lang: user.language, ...from }
    : { sub: null, admin: false, lang: 'en', ...from };
}
