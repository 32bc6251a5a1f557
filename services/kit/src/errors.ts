import type { ErrorCode, FieldIssue } from '@portal/contracts/errors';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import type { Logger } from './logger.ts';

/** The one error type of the services and the gateway: a code, an English message, an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; issues?: FieldIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new AppError(400, issues ? 'validation_failed' : 'bad_request', message, { issues });
export const unauthorized = (message = 'Not signed in') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

export function issuesOf(error: z.core.$ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.'),
    code: issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code,
  }));
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Turns any error into the JSON error shape; unknown errors become a 500 that is logged with its stack. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const appError = toAppError(error);
    if (appError.status >= 500) {
      logger.error({ err: error, requestId: req.id, path: req.path }, 'request failed');
    }
    res
      .status(appError.status)
      .set(appError.headers)
      .json({
        error: {
          code: appError.code,
          message: appError.message,
          ...(appError.issues ? { issues: appError.issues } : {}),
          ...(req.id ? { requestId: req.id } : {}),
        },
      });
  };
}

/** Any error as the client is answered: a 4xx with a code for what the request got wrong, else a 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Malformed percent-encoding, wherever it is decoded (Express's path parameters, a handler's own decoding).
  if (error instanceof URIError) return new AppError(400, 'bad_request', 'The request has malformed percent-encoding');
  // The contracts' schemas (zod/mini) throw zod's core error, the services' own ones its subclass: both are 400.
  if (error instanceof z.core.$ZodError) return badRequest('The request is not valid', issuesOf(error));
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new AppError(400, 'invalid_json', 'The request body is not valid JSON');
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_media_type', 'The request encoding is not supported');
    default:
      if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
        return new AppError(parserError.status, 'bad_request', 'The request could not be read');
      }
      return new AppError(500, 'internal_error', 'Something went wrong on our side', { cause: error });
  }
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route ${req.method} ${req.baseUrl}${req.path}`));
};
