import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { type CourseResult, resultListQuerySchema, reviewDecisionSchema } from '@portal/contracts/course-results';
import { auditContextOf } from '@portal/kit/audit';
import { uuidSchema } from '@portal/contracts/rules';
import { badRequest, notFound } from '@portal/kit/errors';
import { requireAdmin, requireUser } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { uploadErrors } from '@portal/kit/uploads';
import { parseInput } from '@portal/kit/validate';
import type { Request, RequestHandler, Response, Router } from 'express';
import multer, { type StorageEngine } from 'multer';
import type { Categories } from '../../domain/categories.ts';
import type { Courses } from '../../domain/courses.ts';
import { resultTooLarge } from '../../domain/result-upload.ts';

/** How results are received: where their bytes go, and the largest accepted. */
export interface ResultUploads {
  storage: StorageEngine;
  maxBytes: number;
  /** A stored result's bytes, a few chunks at a time. */
  content: (resultId: string) => Readable;
  /** Removes a stored result again. */
  discard: (resultId: string) => Promise<void>;
}

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

export function courseRoutes(courses: Courses, uploads: ResultUploads): Router {
  const router = strictRouter();
  const receiveResult = multer({
    storage: uploads.storage,
    // Browsers send file names as UTF-8 bytes without saying so: read them as such, not as Latin-1.
    defParamCharset: 'utf8',
    // One byte over the limit is enough to know it is too large; the rest is not read.
    limits: { fileSize: uploads.maxBytes + 1, files: 1, fields: 10, parts: 12 },
  }).single('file');
  const refusedUpload = uploadErrors(() => resultTooLarge(uploads.maxBytes));

  // Before the course's own routes: `results` is not a course id.
  router.get('/api/courses/results', requireAdmin, async (req, res) => {
    const query = parseInput(resultListQuerySchema, req.query, 'results filter');
    const language = query.lang ?? req.identity.lang;
    const { items, total } = await courses.listResults(query, context(req), language);
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    contentLanguage(res, language);
    res.json(items);
  });

  router.post('/api/courses/results/:id/review', requireAdmin, async (req, res) => {
    const id = parseInput(uuidSchema, req.params.id, 'result id');
    const decision = parseInput(reviewDecisionSchema, req.body, 'review');
    res.json(await courses.review(id, decision, context(req), auditContextOf(req)));
  });

  router.get('/api/courses/results/:id/file', requireUser, async (req, res) => {
    const result = await courses.resultForDownload(parseInput(uuidSchema, req.params.id, 'result id'), req.identity);
    res.attachment(result.fileName);
    res.set({
      'Content-Type': result.fileType,
      'Content-Length': String(result.fileSize),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    });
    await pipeline(uploads.content(result.id), res);
  });

  // The course and the caller are checked before a byte of the file is read.
  const checkUploadable: RequestHandler = async (req, _res, next) => {
    await courses.resultUploadable(parseInput(uuidSchema, req.params.id, 'course id'), req.identity);
    next();
  };
  router.post(
    '/api/courses/:id/result',
    requireUser,
    checkUploadable,
    receiveResult,
    refusedUpload,
    async (req: Request, res: Response) => {
      const stored = (req.file as (Express.Multer.File & { stored?: CourseResult }) | undefined)?.stored;
      if (!stored) throw badRequest('Send the file as multipart/form-data in a field named "file"');
      // The caller was told it failed (the gateway's timeout, a closed tab) and will send it again: not kept.
      if (res.closed || req.socket.destroyed) {
        await uploads.discard(stored.id);
        return;
      }
      res.status(201).json(stored);
    },
  );

  router.get('/api/courses/:id/result', requireUser, async (req, res) => {
    res.json(await courses.myResult(parseInput(uuidSchema, req.params.id, 'course id'), req.identity));
  });

  router.get('/api/courses', requireUser, async (req, res) => {
    const query = parseInput(courseListQuerySchema, req.query, 'course filter');
    const language = query.lang ?? req.identity.lang;
    const list = await courses.list(query, req.identity, language);
    contentLanguage(res, language);
    res.setHeader(TOTAL_COUNT_HEADER, String(list.total));
    // One tag per catalogue version and list: send answers 304 when the caller has this version already.
    res.setHeader('ETag', list.etag);
    res.type('json');
    if (list.encoded) {
      res.vary('Accept-Encoding');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      // Compressed once per catalogue version: the gateway passes an encoded answer on as it is.
      const encoding = req.acceptsEncodings(['br', 'gzip']);
      if (encoding === 'br' || encoding === 'gzip') {
        res.setHeader('Content-Encoding', encoding);
        res.send(list.encoded[encoding]);
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
    const saved = await courses.create(input, req.identity, languageOf(req), auditContextOf(req));
    contentLanguage(res, saved.language);
    res.status(201).json(saved);
  });

  router.put('/api/courses', requireAdmin, async (req, res) => {
    const input = parseInput(courseUpdateSchema, req.body, 'course');
    const saved = await courses.update(input, req.identity, languageOf(req), auditContextOf(req));
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
    await courses.delete(parseInput(uuidSchema, req.params.id, 'course id'), req.identity.lang, auditContextOf(req));
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
