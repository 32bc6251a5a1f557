import { CONTENT_LANGUAGE_HEADER } from '@portal/contracts/http';
import { languageQuerySchema } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { lessonInputSchema, lessonOrderSchema } from '@portal/contracts/lessons';
import { uuidSchema } from '@portal/contracts/rules';
import { auditContextOf } from '@portal/kit/audit';
import { requireAdmin, requireUser } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Request, Router } from 'express';
import type { Lessons } from '../../domain/lessons.ts';

/** The language the answer is in: `?lang=` when given, else the caller's stored language. */
const languageOf = (req: Request): Language =>
  parseInput(languageQuerySchema, req.query, 'language').lang ?? req.identity.lang;

/** The outline of a course and its lessons: read by whoever sees the course, written by administrators. */
export function lessonRoutes(lessons: Lessons): Router {
  const router = strictRouter();
  const context = (req: Request) => ({ identity: req.identity, requestId: req.id, audit: auditContextOf(req) });

  router.get('/api/courses/:id/lessons', requireUser, async (req, res) => {
    const courseId = parseInput(uuidSchema, req.params.id, 'course id');
    const language = languageOf(req);
    res.setHeader(CONTENT_LANGUAGE_HEADER, language);
    res.json(await lessons.outline(courseId, req.identity, language));
  });

  router.post('/api/courses/:id/lessons', requireAdmin, async (req, res) => {
    const courseId = parseInput(uuidSchema, req.params.id, 'course id');
    const input = parseInput(lessonInputSchema, req.body, 'lesson');
    res.status(201).json(await lessons.create(courseId, input, context(req), languageOf(req)));
  });

  router.put('/api/courses/:id/lessons/order', requireAdmin, async (req, res) => {
    const courseId = parseInput(uuidSchema, req.params.id, 'course id');
    const order = parseInput(lessonOrderSchema, req.body, 'lesson order');
    res.json(await lessons.reorder(courseId, order, context(req), languageOf(req)));
  });

  router.put('/api/lessons/:id', requireAdmin, async (req, res) => {
    const id = parseInput(uuidSchema, req.params.id, 'lesson id');
    const input = parseInput(lessonInputSchema, req.body, 'lesson');
    res.json(await lessons.update(id, input, context(req), languageOf(req)));
  });

  router.delete('/api/lessons/:id', requireAdmin, async (req, res) => {
    await lessons.delete(parseInput(uuidSchema, req.params.id, 'lesson id'), auditContextOf(req));
    res.status(204).end();
  });

  router.post('/api/lessons/:id/viewed', requireUser, async (req, res) => {
    res.json(await lessons.markViewed(parseInput(uuidSchema, req.params.id, 'lesson id'), req.identity));
  });

  return router;
}
