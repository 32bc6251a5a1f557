import { ApiError } from '@portal/contracts/errors';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from './api-errors.ts';
import { formatTime } from './format.ts';

/**
 * The message of a failed call in the user's language, by its code (`specific` first, then the common ones,
 * else `fallback`); too many attempts say when the next one is allowed, when the server tells. The keys are looked
 * up in `namespaces` in order, which hold `errors.*`.
 */
export function useFailureText(namespaces: string | readonly string[]) {
  const { t } = useTranslation(namespaces as string | string[], { nsMode: 'fallback' });
  return (error: unknown, fallback: string, specific: Readonly<Record<string, string>> = {}): string => {
    if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
      const time = formatTime(new Date(Date.now() + error.retryAfterSeconds * 1000));
      return t('errors.rateLimitedUntil', { time });
    }
    return t(apiErrorKey(error, fallback, specific));
  };
}
