import { z } from 'zod/mini';

/**
 * Machine-readable error codes. The browser translates them; the English message in the body is for
 * logs and scripts.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'invalid_credentials',
  'account_deactivated',
  'account_pending',
  'password_sign_in_off',
  'sso_domain_not_allowed',
  'sso_email_unverified',
  'sso_from_environment',
  'forbidden',
  'csrf_header_missing',
  'not_found',
  'conflict',
  'email_taken',
  'last_admin',
  'not_oneself',
  'registration_closed',
  'email_domain_not_allowed',
  'import_invalid',
  'group_name_taken',
  'group_managed_by_directory',
  'category_name_taken',
  'category_in_use',
  'course_changed',
  'not_started',
  'course_draft',
  'completion_needs_result',
  'completion_by_confirmation',
  'completion_by_rule',
  'already_completed',
  'result_pending',
  'result_not_pending',
  'result_too_large',
  'result_type_unsupported',
  'course_unknown',
  'assignees_unknown',
  'attempts_exhausted',
  'attempt_closed',
  'wait_until',
  'invalid_token',
  'payload_too_large',
  'range_not_satisfiable',
  'unsupported_media_type',
  'rate_limited',
  'upload_in_progress',
  'internal_error',
  'bad_gateway',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssueSchema = z.object({ path: z.string(), code: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.optional(z.array(fieldIssueSchema)),
    requestId: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Default texts of spec §8. */
export const DEFAULT_STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Any non-success answer of the API, carrying its status (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: FieldIssue[];
  readonly body: unknown;
  /** For 429 and 503: the seconds the server's Retry-After asks to wait, when it says. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, body: unknown, retryAfter?: string | null) {
    const parsed = errorBodySchema.safeParse(body);
    super(ApiError.describe(status, statusText, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = parsed.success ? parsed.data.error.code : ApiError.codeForStatus(status);
    this.issues = parsed.success ? (parsed.data.error.issues ?? []) : [];
    const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
    this.retryAfterSeconds = Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
  }

  private static describe(status: number, statusText: string, body: unknown): string {
    const known = DEFAULT_STATUS_TEXTS[status];
    if (known) return known;
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
    return `Generic Error: ${status}; ${statusText}; ${text}`;
  }

  private static codeForStatus(status: number): string {
    switch (status) {
      case 400:
        return 'bad_request';
      case 401:
        return 'unauthorized';
      case 403:
        return 'forbidden';
      case 404:
        return 'not_found';
      case 409:
        return 'conflict';
      case 413:
        return 'payload_too_large';
      case 429:
        return 'rate_limited';
      case 502:
        return 'bad_gateway';
      case 503:
        return 'service_unavailable';
      default:
        return status >= 500 ? 'internal_error' : 'bad_request';
    }
  }
}

/** A failure that never reached the API: offline, DNS, aborted. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}
