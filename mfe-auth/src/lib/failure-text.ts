import { ApiError } from '@portal/contracts/errors';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { formatTime } from '@portal/web-kit/format';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from './i18n.ts';

/**
 * The message of a failed call in the user's language, by its code (`specific` first, then the common ones,
 * else `fallback`); too many attempts say when the next one is allowed, when the server tells. A page with a
 * namespace of its own names it: its keys are looked up there first, then in the slice's.
 */
export function useFailureText(namespace?: string) {
  const { t } = useTranslation(namespace ? [namespace, AUTH_NAMESPACE] : AUTH_NAMESPACE, { nsMode: 'fallback' });
  return (error: unknown, fallback: string, specific: Readonly<Record<string, string>> = {}): string => {
    if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
      const time = formatTime(new Date(Date.now() + error.retryAfterSeconds * 1000));
      return t('errors.rateLimitedUntil', { time });
    }
    return t(apiErrorKey(error, fallback, specific));
  };
}
