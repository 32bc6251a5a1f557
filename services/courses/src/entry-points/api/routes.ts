import { CONTENT_LANGUAGE_HEADER, TOTAL_COUNT_HEADER } from '@portal/contracts/http';
import type { Language } from '@portal/contracts/languages';
import {
  categoryInputSchema,
  courseIdQuerySchema,
  courseInputSchema,
  courseListQuerySchema,
  courseQuerySchema,
  courseUpdateSchema,
  type CourseVisibility,
  idQuerySchema,
  languageQuerySchema,
  myCoursesQuerySchema,
  registerUserToCourseSchema,
} from '@portal/contracts/courses';
import { uuidSchema } from '@portal/contracts/rules';
import { auditContextOf } from '@portal/kit/audit';
import { notFound } from '@portal/kit/errors';
import { requireAdmin, requireUser } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Categories } from '../../domain/categories.ts';
import type { Courses } from '../../domain/courses.ts';

const context = (req: Request) => ({ identity: req.identity, requestId: req.id });

/** The language the answer is in: `?lang=` when given, else the caller's stored language. */
const languageOf = (req: Request): Language =>
  parseInput(languageQuerySchema, req.query, 'language').lang ?? req.identity.lang;

/** Says which language came back (a list: the one asked for; one course: the one shown). */
const contentLanguage = (res: Response, language: Language) => res.setHeader(CONTENT_LANGUAGE_HEADER, language);

export function categoryRoutes(categories: Categories): Router {
  const router = strictRouter();
  router.get('/api/categories', requireUser, async (req, res) => {
    const language = languageOf(req);
    contentLanguage(res, language);
    res.json(await categories.list(language));
  });
  router.get('/api/categories/usage', requireAdmin, async (req, res) => {
    const language = languageOf(req);
    contentLanguage(res, language);
    res.json(await categories.listWithUsage(language));
  });
  router.get('/api/categories/by-id', requireUser, async (req, res) => {
    const language = languageOf(req);
    contentLanguage(res, language);
    res.json(await categories.get(parseInput(idQuerySchema, req.query, 'category id').id, language));
  });
  router.post('/api/categories', requireAdmin, async (req, res) => {
    const input = parseInput(categoryInputSchema, req.body, 'category');
    const language = languageOf(req);
    contentLanguage(res, language);
    res.status(201).json(await categories.create(input, req.identity.lang, language, auditContextOf(req)));
  });
  const rename = async (req: Request, res: Response) => {
    const { id } = parseInput(idQuerySchema, req.query, 'category id');
    const input = parseInput(categoryInputSchema, req.body, 'category');
    const language = languageOf(req);
    contentLanguage(res, language);
    res.json(await categories.rename(id, input, language, auditContextOf(req)));
  };
  router.put('/api/categories', requireAdmin, rename);
  router.patch('/api/categories', requireAdmin, rename);
  router.delete('/api/categories', requireAdmin, async (req, res) => {
    await categories.delete(parseInput(idQuerySchema, req.query, 'category id').id, auditContextOf(req));
    res.json({ message: 'Category deleted' });
  });
  return router;
}

export function courseRoutes(courses: Courses): Router {
  const router = strictRouter();

  router.get('/api/courses', requireUser, async (req, res) => {
    const query = parseInput(courseListQuerySchema, req.query, 'course filter');
    const language = query.lang ?? req.identity.lang;
    const list = await courses.list(query, req.identity, language);
    contentLanguage(res, language);
    res.setHeader(TOTAL_COUNT_HEADER, String(list.total));
    // One tag per catalogue version and list: send answers 304 when the caller has this version already.
    res.setHeader('ETag', list.etag);
    res.type('json');
    if (list.gzip) {
      res.vary('Accept-Encoding');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      // Compressed once per catalogue version: the gateway passes an encoded answer on as it is.
      if (req.acceptsEncodings('gzip') === 'gzip') {
        res.setHeader('Content-Encoding', 'gzip');
        res.send(list.gzip);
        return;
      }
    }
    res.send(list.json);
  });

  router.get('/api/courses/participations/mine', requireUser, async (req, res) => {
    res.json(await courses.participationsOf(req.identity));
  });

  router.get('/api/courses/mine', requireUser, async (req, res) => {
    const query = parseInput(myCoursesQuerySchema, req.query, 'my courses query');
    const language = query.lang ?? req.identity.lang;
    const { items, total } = await courses.listMine(query, req.identity, language);
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    contentLanguage(res, language);
    res.json(items);
  });

  router.post('/api/courses', requireAdmin, async (req, res) => {
    const input = parseInput(courseInputSchema, req.body, 'course');
    const saved = await courses.create(input, req.identity, languageOf(req));
    contentLanguage(res, saved.language);
    res.status(201).json(saved);
  });

  router.put('/api/courses', requireAdmin, async (req, res) => {
    const input = parseInput(courseUpdateSchema, req.body, 'course');
    const saved = await courses.update(input, req.identity, languageOf(req));
    contentLanguage(res, saved.language);
    res.json(saved);
  });

  // Start: the POST is what the UI sends; the GET form and the camelCase path are accepted too (DESIGN.md).
  const start: RequestHandler = async (req, res) => {
    const { courseId } = parseInput(courseIdQuerySchema, req.query, 'course id');
    res.json(await courses.start(courseId, req.identity));
  };
  for (const path of ['/api/courses/register-for-course', '/api/courses/registerForCourse']) {
    router.get(path, requireUser, start);
    router.post(path, requireUser, start);
  }
  for (const path of ['/api/courses/complete-course', '/api/courses/completeCourse']) {
    router.post(path, requireUser, async (req, res) => {
      const { courseId } = parseInput(courseIdQuerySchema, req.query, 'course id');
      res.json(await courses.complete(courseId, req.identity));
    });
  }

  router.post('/api/courses/register-user-to-course', requireAdmin, async (req, res) => {
    const { courseId, userId } = parseInput(registerUserToCourseSchema, req.body);
    res.json(await courses.registerUser(courseId, userId, context(req)));
  });

  router.get('/api/courses/:id', requireUser, async (req, res) => {
    const id = parseInput(uuidSchema, req.params.id, 'course id');
    const course = await courses.get(id, context(req), parseInput(courseQuerySchema, req.query, 'course query'));
    contentLanguage(res, course.language);
    res.json(course);
  });

  router.delete('/api/courses/:id', requireAdmin, async (req, res) => {
    await courses.delete(parseInput(uuidSchema, req.params.id, 'course id'));
    res.json({ message: 'Course deleted' });
  });

  /** For the files service: the course's title when the caller may see the course, 404 otherwise. */
  router.get('/internal/courses/:id/visibility', async (req, res) => {
    const title = await courses.visibleTitle(parseInput(uuidSchema, req.params.id, 'course id'), req.identity);
    if (title === undefined) throw notFound('Course not found');
    res.json({ title } satisfies CourseVisibility);
  });

  return router;
}
