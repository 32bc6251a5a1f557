import { registerRequestSchema, verifyEmailRequestSchema } from '@portal/contracts/auth';
import { END_SESSIONS_HEADER } from '@portal/contracts/http';
import { ONBOARDING_LIMITS, importQuerySchema, invitationRequestSchema } from '@portal/contracts/onboarding';
import { auditContextOf } from '@portal/kit/audit';
import { AppError, badRequest } from '@portal/kit/errors';
import { requireAdmin, userIdOf } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { uploadErrors } from '@portal/kit/uploads';
import { parseInput } from '@portal/kit/validate';
import type { RequestHandler, Router } from 'express';
import multer from 'multer';
import type { Onboarding } from '../../domain/onboarding.ts';

const fileTooLarge = () =>
  new AppError(413, 'payload_too_large', `The file may have at most ${ONBOARDING_LIMITS.importBytes} bytes`);

/** Registration (by mode), the address confirmation of its mail, invitations and imports (administrators only). */
export function onboardingRoutes(onboarding: Onboarding): Router {
  const router = strictRouter();
  // In memory: 2 MB at most, read once and dropped with the request.
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: ONBOARDING_LIMITS.importBytes, files: 1, fields: 0, parts: 1 },
  }).single('file');
  const refusedUpload = uploadErrors(fileTooLarge);

  router.post('/internal/register', async (req, res) => {
    const { status, body } = await onboarding.register(
      parseInput(registerRequestSchema, req.body),
      auditContextOf(req),
    );
    res.status(status).json(body);
  });

  router.post('/api/user/verify-email', async (req, res) => {
    await onboarding.verifyEmail(parseInput(verifyEmailRequestSchema, req.body).token, auditContextOf(req));
    res.json({ message: 'E-mail address confirmed' });
  });

  router.post('/api/admin/invitations', requireAdmin, async (req, res) => {
    const { status, body } = await onboarding.invite(
      parseInput(invitationRequestSchema, req.body),
      auditContextOf(req),
    );
    res.status(status).json(body);
  });

  // The query is checked before a byte of the file is read.
  const checkQuery: RequestHandler = (req, _res, next) => {
    parseInput(importQuerySchema, req.query, 'query');
    next();
  };
  router.post(
    '/api/admin/users/import',
    requireAdmin,
    checkQuery,
    upload,
    refusedUpload,
    async (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => {
      const query = parseInput(importQuerySchema, req.query, 'query');
      if (!req.file) throw badRequest('The file is missing', [{ path: 'file', code: 'file_required' }]);
      const { result, demoted } = await onboarding.importUsers(
        req.file.buffer,
        {
          dryRun: query.dryRun === 'true',
          invite: query.invite === 'true',
          actorId: userIdOf(req.identity),
        },
        auditContextOf(req),
      );
      if (demoted.length > 0) res.setHeader(END_SESSIONS_HEADER, demoted.join(','));
      res.json(result);
    },
  );

  return router;
}
