import { LIMITS } from '@portal/contracts/rules';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

/** The first issue code per field of a failed parse: the contracts' schemas carry codes as their messages. */
export function fieldCodes<T extends Record<string, unknown>>(
  result: z.core.util.SafeParseResult<T>,
): Partial<Record<keyof T & string, string>> {
  const codes: Partial<Record<string, string>> = {};
  if (result.success) return codes;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !codes[field]) codes[field] = issue.message;
  }
  return codes;
}

/** The message of an issue code in the user's language (the limits filled in), from `namespace`'s `validation.*`. */
export function useValidationText(namespace: string) {
  const { t } = useTranslation(namespace);
  return (code: string | undefined) =>
    code ? t(`validation.${code}`, { ...LIMITS, defaultValue: t('validation.invalid') }) : undefined;
}
