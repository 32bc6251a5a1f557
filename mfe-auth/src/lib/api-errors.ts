import { ApiError, NetworkError } from '@portal/contracts/errors';

/** Codes every form of this slice translates the same way. */
const COMMON: Readonly<Record<string, string>> = {
  rate_limited: 'errors.rateLimited',
  service_unavailable: 'errors.unavailable',
  bad_gateway: 'errors.unavailable',
};

/**
 * The translation key for a failed call: by the error's `code`, first the form's own keys (`specific`),
 * then the common ones, else the form's general failure message.
 */
export function apiErrorKey(error: unknown, fallback: string, specific: Readonly<Record<string, string>> = {}): string {
  if (error instanceof NetworkError) return 'errors.network';
  if (error instanceof ApiError) return specific[error.code] ?? COMMON[error.code] ?? fallback;
  return fallback;
}
