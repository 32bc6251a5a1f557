import { COURSE_LIMITS } from '@portal/contracts/courses';
import { ApiError } from '@portal/contracts/errors';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { formatNumber } from '@portal/web-kit/format';

/** Codes of the category rules (the contracts' categoryInputSchema and the courses service) and their texts. */
const CODES: Readonly<Record<string, string>> = {
  category_name_required: 'validation.category_name_required',
  category_name_too_long: 'validation.category_name_too_long',
  category_name_taken: 'validation.category_name_taken',
  category_in_use: 'validation.category_in_use',
  not_found: 'validation.category_gone',
};

/** What every category text may name: the length limit, in the reader's numbers. */
export const categoryTextValues = () => ({ max: formatNumber(COURSE_LIMITS.categoryNameMax) });

/** The translation key of a rule code found in the browser (the same codes as the server's). */
export function categoryCodeKey(code: string): string {
  return CODES[code] ?? 'validation.category_name_required';
}

/** The translation key of a failed category call: the rule it broke, else the common texts, else `fallback`. */
export function categoryErrorKey(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'validation_failed') {
    const code = error.issues[0]?.code;
    if (code && CODES[code]) return CODES[code];
  }
  return apiErrorKey(error, fallback, CODES);
}
