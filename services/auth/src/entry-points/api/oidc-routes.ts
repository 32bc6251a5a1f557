import { auditContextOf } from '@portal/kit/audit';
import { oidcSignInRequestSchema } from '@portal/contracts/oidc';
import { ssoSettingsRequestSchema } from '@portal/contracts/sso-settings';
import { requireAdmin, userIdOf } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import type { CompanySignIn } from '../../domain/company-sign-in.ts';
import type { SsoSettingsAdministration } from '../../domain/sso-settings.ts';

/**
 * The company's provider: its settings for administrators, and the gateway's internal calls with the claims of an
 * ID token it has validated (a sign-in, or a test of the connection that writes nothing).
 */
export function oidcRoutes(companySignIn: CompanySignIn, settings: SsoSettingsAdministration): Router {
  const router = strictRouter();
  router.post('/internal/oidc-sign-in', async (req, res) => {
    res.json(await companySignIn.signIn(parseInput(oidcSignInRequestSchema, req.body), auditContextOf(req)));
  });

  router.post('/internal/oidc-sign-in/preview', requireAdmin, async (req, res) => {
    res.json(await companySignIn.preview(parseInput(oidcSignInRequestSchema, req.body)));
  });

  router.get('/internal/sso-provider', async (_req, res) => {
    res.json(await settings.provider());
  });

  router.get('/api/admin/sso', requireAdmin, async (_req, res) => {
    res.json(await settings.settings());
  });

  router.put('/api/admin/sso', requireAdmin, async (req, res) => {
    const request = parseInput(ssoSettingsRequestSchema, req.body);
    res.json(await settings.save(request, userIdOf(req.identity), auditContextOf(req)));
  });
  return router;
}
