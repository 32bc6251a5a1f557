import { ApiError, NetworkError } from '@portal/contracts/errors';

/** Codes every slice translates the same way, each with the key of its message in the slice's namespace. */
const COMMON: Readonly<Record<string, string>> = {
  forbidden: 'errors.forbidden',
  rate_limited: 'errors.rateLimited',
  upload_in_progress: 'errors.uploadInProgress',
  service_unavailable: 'errors.unavailable',
  bad_gateway: 'errors.unavailable',
};

/**
 * The translation key for a failed call: by the error's `code`, first the caller's own keys (`specific`),
 * then the common ones, else the caller's general failure message.
 */
export function apiErrorKey(error: unknown, fallback: string, specific: Readonly<Record<string, string>> = {}): string {
  if (error instanceof NetworkError) return 'errors.network';
  if (error instanceof ApiError) return specific[error.code] ?? COMMON[error.code] ?? fallback;
  return fallback;
}

/** Whether the call failed with this HTTP status. */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}
