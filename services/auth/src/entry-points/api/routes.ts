import { adminUserChangeSchema, adminUserParamsSchema, userListQuerySchema } from '@portal/contracts/admin-users';
import {
  changePasswordRequestSchema,
  deleteUserRequestSchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  resetTokenStatusQuerySchema,
  setLanguageQuerySchema,
  setNameRequestSchema,
} from '@portal/contracts/auth';
import { END_SESSIONS_HEADER, TOTAL_COUNT_HEADER } from '@portal/contracts/http';
import { userLookupQuerySchema } from '@portal/contracts/oidc';
import { uuidSchema } from '@portal/contracts/rules';
import { scimSettingsSchema, scimTokenRequestSchema } from '@portal/contracts/scim';
import { auditContextOf } from '@portal/kit/audit';
import { requireAdmin, requireUser, userIdOf } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import type { Accounts } from '../../domain/accounts.ts';
import type { ScimSettingsService } from '../../domain/scim-settings.ts';
import type { ScimTokens } from '../../domain/scim-tokens.ts';

/**
 * /internal/* is called by the gateway only (it owns the session); /api/user/* is proxied by it.
 * Every request carries the gateway's signed identity (checked by the kit before these routes).
 */
export function authRoutes(accounts: Accounts, scimTokens: ScimTokens, scimSettings: ScimSettingsService): Router {
  const router = strictRouter();

  router.post('/internal/login', async (req, res) => {
    const { email, password, language } = parseInput(loginRequestSchema, req.body);
    res.json(await accounts.login(email, password, language, auditContextOf(req)));
  });

  // The gateway ends sessions; the account's trail says so.
  router.post('/internal/signed-out', requireUser, async (req, res) => {
    await accounts.signedOut(userIdOf(req.identity), auditContextOf(req));
    res.status(204).end();
  });

  router.get('/internal/users/:id', async (req, res) => {
    const { sessionBegunAt } = parseInput(userLookupQuerySchema, req.query, 'query');
    const begun = sessionBegunAt === undefined ? undefined : new Date(Number(sessionBegunAt));
    res.json(await accounts.getUser(parseInput(uuidSchema, req.params.id, 'user id'), begun));
  });

  router.post('/api/user/set-language', requireUser, async (req, res) => {
    const { requestedLanguage } = parseInput(setLanguageQuerySchema, req.query, 'language selection');
    res.json(await accounts.setLanguage(userIdOf(req.identity), requestedLanguage));
  });

  router.post('/api/user/set-name', requireUser, async (req, res) => {
    const { name } = parseInput(setNameRequestSchema, req.body);
    res.json(await accounts.setName(userIdOf(req.identity), name));
  });

  router.get('/api/admin/users', requireAdmin, async (req, res) => {
    const { users, total } = await accounts.listUsers(parseInput(userListQuerySchema, req.query, 'query'));
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.json(users);
  });

  // The gateway ends the sessions named in END_SESSIONS_HEADER on its way back.
  router.patch('/api/admin/users/:id', requireAdmin, async (req, res) => {
    const { id } = parseInput(adminUserParamsSchema, req.params, 'user id');
    const change = parseInput(adminUserChangeSchema, req.body);
    const { user, endSessions } = await accounts.changeUser(userIdOf(req.identity), id, change, auditContextOf(req));
    if (endSessions) res.setHeader(END_SESSIONS_HEADER, user.id);
    res.json(user);
  });

  router.post('/api/user/change-password', requireUser, async (req, res) => {
    const { currentPassword, newPassword } = parseInput(changePasswordRequestSchema, req.body);
    await accounts.changePassword(userIdOf(req.identity), currentPassword, newPassword, auditContextOf(req));
    res.json({ message: 'Password changed' });
  });

  router.delete('/api/user/delete-user', requireUser, async (req, res) => {
    const confirmation = parseInput(deleteUserRequestSchema, req.body);
    await accounts.deleteUser(userIdOf(req.identity), confirmation, auditContextOf(req));
    res.json({ message: 'Account deleted' });
  });

  // The e-mail may come as ?email= or in the body (spec §7 has both readings).
  router.post('/api/user/request-password-reset', async (req, res) => {
    const { email } = parseInput(passwordResetRequestSchema, { email: req.body?.email ?? req.query.email });
    await accounts.requestPasswordReset(email);
    res.json({ message: 'If an account exists for this e-mail, a reset link has been sent' });
  });

  // Proxied by the gateway, which limits it per address like reset requests.
  router.get('/api/user/reset-password/status', async (req, res) => {
    const { token } = parseInput(resetTokenStatusQuerySchema, req.query, 'query');
    const link = await accounts.resetTokenStatus(token);
    res.json(link === undefined ? { valid: false } : { valid: true, ...link });
  });

  // The gateway answers the public reset-password call, then ends the sessions of the user named here.
  router.post('/internal/reset-password', async (req, res) => {
    const { email, token, newPassword } = parseInput(resetPasswordRequestSchema, req.body);
    res.json({ userId: await accounts.resetPassword(email, token, newPassword, auditContextOf(req)) });
  });

  router.get('/api/admin/scim-tokens', requireAdmin, async (_req, res) => {
    res.json(await scimTokens.list());
  });

  router.post('/api/admin/scim-tokens', requireAdmin, async (req, res) => {
    const { label } = parseInput(scimTokenRequestSchema, req.body);
    res.status(201).json(await scimTokens.generate(label, userIdOf(req.identity), auditContextOf(req)));
  });

  router.delete('/api/admin/scim-tokens/:id', requireAdmin, async (req, res) => {
    await scimTokens.revoke(
      parseInput(uuidSchema, req.params.id, 'token id'),
      userIdOf(req.identity),
      auditContextOf(req),
    );
    res.json({ message: 'Token revoked' });
  });

  router.get('/api/admin/scim-settings', requireAdmin, async (_req, res) => {
    res.json(await scimSettings.get());
  });

  router.put('/api/admin/scim-settings', requireAdmin, async (req, res) => {
    const settings = parseInput(scimSettingsSchema, req.body);
    res.json(await scimSettings.save(settings, userIdOf(req.identity), auditContextOf(req)));
  });

  return router;
}
