import { pipeline } from 'node:stream/promises';
import { courseIdQuerySchema } from '@portal/contracts/courses';
import { uuidSchema } from '@portal/contracts/rules';
import { AppError, badRequest, notFound } from '@portal/kit/errors';
import { requireAdmin, requireUser } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { uploadErrors } from '@portal/kit/uploads';
import { parseInput } from '@portal/kit/validate';
import type { Logger } from '@portal/kit/logger';
import type { ErrorRequestHandler, Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import type { FilesRepository, StoredFile } from '../../data-access/files-repository.ts';
import { chunkStorage, fileAudit, fileTooLarge } from '../../domain/chunk-storage.ts';
import type { CourseVisibility } from '../../data-access/course-visibility.ts';
import { attachmentHeader, safeContentType, sanitizeFileName } from '../../domain/file-names.ts';
import { fileContent, fileRange, zipOf } from '../../domain/file-streams.ts';
import { rangeOf } from './byte-ranges.ts';
import { fileNotFoundPage } from '../../domain/not-found-page.ts';

const toRecord = ({ checksum: _checksum, ...record }: StoredFile) => record;

export function fileRoutes(
  repository: FilesRepository,
  requireVisibleCourse: CourseVisibility,
  limits: { maxBytes: number; chunkBytes: number },
  logger: Logger,
  onStored: (bytes: number) => void = () => undefined,
): Router {
  const router = strictRouter();
  const upload = multer({
    storage: chunkStorage(repository, limits),
    // Browsers send file names as UTF-8 bytes without saying so: read them as such, not as Latin-1.
    defParamCharset: 'utf8',
    // One byte over the limit is enough to know it is too large; the rest is not read.
    limits: { fileSize: limits.maxBytes + 1, files: 1, fields: 10, parts: 12 },
  }).single('file');

  const clientGone = (req: Request, res: Response) => res.closed || req.socket.destroyed;
  const logAbort = (req: Request) =>
    logger.info({ requestId: req.id, path: req.path }, 'upload aborted by the client: nothing stored');

  const refused = uploadErrors(() => fileTooLarge(limits.maxBytes));
  const refusedUpload: ErrorRequestHandler = (error, req, res, next) => {
    // Multer has already removed what was written; there is no one left to answer.
    if (clientGone(req, res)) {
      logAbort(req);
      return;
    }
    refused(error, req, res, next);
  };

  // The course is checked before a byte of the file is read.
  const checkCourse: RequestHandler = async (req, res, next) => {
    const { courseId } = parseInput(courseIdQuerySchema, req.query, 'course id');
    await requireVisibleCourse(courseId, req.identity, req.id);
    // A request closed meanwhile has lost its unread body: the parser would wait for it forever.
    if (clientGone(req, res)) logAbort(req);
    else next();
  };
  const answerStored: RequestHandler = async (req, res) => {
    const stored = (req.file as (Express.Multer.File & { stored?: StoredFile }) | undefined)?.stored;
    if (!stored) throw badRequest('Send the file as multipart/form-data in a field named "file"');
    // The caller was told it failed (the gateway's timeout, a closed tab) and will send it again: not kept.
    if (clientGone(req, res)) {
      await repository.delete(stored.id, (file) => fileAudit(req, 'file.removed', file));
      logger.info({ requestId: req.id, path: req.path }, 'upload stored after the client had gone: removed again');
      return;
    }
    onStored(stored.fileSize);
    res.status(201).json(toRecord(stored));
  };
  router.post('/api/files/upload', requireAdmin, checkCourse, upload, refusedUpload, answerStored);

  /** A browser opening a link to a file that is gone gets a page in its reader's language; API clients the JSON. */
  const notFoundPage: ErrorRequestHandler = (error, req, res, next) => {
    if (error instanceof AppError && error.status === 404 && req.accepts(['json', 'html']) === 'html') {
      res
        .status(404)
        .set({
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
          'Cache-Control': 'no-store',
        })
        .type('html')
        .send(fileNotFoundPage(req.identity.lang));
      return;
    }
    next(error);
  };

  router.get(
    '/api/files/download/:fileId',
    requireUser,
    async (req: Request, res: Response) => {
      const file = await repository.find(parseInput(uuidSchema, req.params.fileId, 'file id'));
      if (!file) throw notFound('File not found');
      await requireVisibleCourse(file.courseId, req.identity, req.id);
      const type = safeContentType(file.fileType);
      const etag = `"${file.checksum}"`;
      const range = rangeOf(req, file.fileSize, etag);
      if (range.kind === 'unsatisfiable') {
        res.set({ 'Content-Range': `bytes */${file.fileSize}`, 'Accept-Ranges': 'bytes' });
        throw new AppError(416, 'range_not_satisfiable', `The file has ${file.fileSize} bytes`);
      }
      res.set({
        'Content-Type': type,
        // Saved when opened on its own: a page's <video> plays it whatever this says, and a tab could not (the
        // sandbox makes the tab's origin opaque, so its own request for the video goes without the session).
        'Content-Disposition': attachmentHeader(file.fileName),
        'Accept-Ranges': 'bytes',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-cache',
        ETag: etag,
      });
      if (range.kind === 'part') {
        res.status(206).set({
          'Content-Range': `bytes ${range.start}-${range.end}/${file.fileSize}`,
          'Content-Length': String(range.end - range.start + 1),
        });
      } else {
        res.set('Content-Length', String(file.fileSize));
      }
      await pipeline(
        range.kind === 'part' ? await fileRange(repository, file.id, range) : fileContent(repository, file.id),
        res,
      );
    },
    notFoundPage,
  );

  router.get('/api/files/course/:courseId/files', requireUser, async (req, res) => {
    const courseId = parseInput(uuidSchema, req.params.courseId, 'course id');
    await requireVisibleCourse(courseId, req.identity, req.id);
    res.json((await repository.listOfCourse(courseId)).map(toRecord));
  });

  router.get(
    '/api/files/course/:courseId/files/download',
    requireUser,
    async (req: Request, res: Response) => {
      const courseId = parseInput(uuidSchema, req.params.courseId, 'course id');
      const { title } = await requireVisibleCourse(courseId, req.identity, req.id);
      const files = await repository.listOfCourse(courseId);
      res.set({
        'Content-Type': 'application/zip',
        'Content-Disposition': attachmentHeader(sanitizeFileName(`${title.replace(/[/\\]/g, '-')}.zip`)),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-cache',
      });
      await pipeline(zipOf(repository, files), res);
    },
    notFoundPage,
  );

  router.delete('/api/files/delete/:fileId', requireAdmin, async (req, res) => {
    const fileId = parseInput(uuidSchema, req.params.fileId, 'file id');
    if (!(await repository.delete(fileId, (file) => fileAudit(req, 'file.removed', file))))
      throw notFound('File not found');
    res.json({ message: 'File deleted' });
  });

  /** For the courses service (course details): the course's files, its visibility already checked there. */
  router.get('/internal/courses/:courseId/files', async (req, res) => {
    const courseId = parseInput(uuidSchema, req.params.courseId, 'course id');
    res.json((await repository.listOfCourse(courseId)).map(toRecord));
  });

  return router;
}
