import type { ErrorRequestHandler, Request } from 'express';
import multer, { type StorageEngine } from 'multer';
import { AppError, badRequest } from './errors.ts';

/**
 * A multer storage engine over a function that stores one upload's stream: what it stored is the file's `stored`;
 * multer's clean-up after a failed request discards it again.
 */
export function streamStorage<Stored extends { id: string }>(
  store: (req: Request, file: Express.Multer.File) => Promise<Stored>,
  discard: (id: string) => Promise<unknown>,
): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      store(req, file).then(
        (stored) => callback(null, { stored } as Partial<Express.Multer.File>),
        (error: unknown) => callback(error as Error),
      );
    },
    _removeFile(_req, file, callback) {
      const stored = (file as Partial<Express.Multer.File> & { stored?: Stored }).stored;
      if (!stored) {
        callback(null);
        return;
      }
      discard(stored.id).then(
        () => callback(null),
        (error: unknown) => callback(error as Error),
      );
    },
  };
}

/**
 * Multer's refusals and the multipart parser's complaints (malformed headers, a form cut short) as the client's
 * errors: 413 with the caller's error past the size limit, else 400.
 */
export function uploadErrors(tooLarge: () => AppError): ErrorRequestHandler {
  return (error, _req, _res, next) => {
    if (error instanceof multer.MulterError) {
      next(error.code === 'LIMIT_FILE_SIZE' ? tooLarge() : badRequest(`Upload refused: ${error.message}`));
      return;
    }
    if (
      error instanceof Error &&
      !(error instanceof AppError) &&
      /multipart|part header|end of form|boundary/i.test(error.message)
    ) {
      next(badRequest(`The upload is not a valid multipart form: ${error.message}`));
      return;
    }
    next(error);
  };
}
