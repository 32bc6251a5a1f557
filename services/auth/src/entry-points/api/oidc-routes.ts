import { auditContextOf } from '@portal/kit/audit';
import { oidcSignInRequestSchema } from '@portal/contracts/oidc';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import type { CompanySignIn } from '../../domain/company-sign-in.ts';

/** Called by the gateway only, with the claims of an ID token it has validated; it then signs the user in. */
export function oidcRoutes(companySignIn: CompanySignIn): Router {
  const router = strictRouter();
  router.post('/internal/oidc-sign-in', async (req, res) => {
    res.json(await companySignIn.signIn(parseInput(oidcSignInRequestSchema, req.body), auditContextOf(req)));
  });
  return router;
}
