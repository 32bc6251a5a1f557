import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Fields of an error that say what went wrong without carrying the data involved. */
const SAFE_ERROR_FIELDS = ['code', 'constraint', 'table', 'column', 'routine', 'status', 'type'] as const;

/**
 * Errors as logged: name, message, stack and the fields above, and the same for their cause. Database errors
 * carry the query's parameters and a `detail` with the values of a violated key (hashes, e-mails): never logged.
 */
export function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as unknown as Record<string, unknown>;
  const kept: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  for (const field of SAFE_ERROR_FIELDS) {
    if (typeof fields[field] === 'string' || typeof fields[field] === 'number') kept[field] = fields[field];
  }
  if (error.cause !== undefined && depth < 3) kept.cause = safeError(error.cause, depth + 1);
  return kept;
}

/** JSON logs; secrets never reach them (cookies, identities, passwords, tokens are redacted; errors are cut down). */
export function createLogger(name: string, level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      base: { service: name },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: (error: unknown) => safeError(error) },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-portal-identity"]',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
