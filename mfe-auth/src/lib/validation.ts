import type { z } from 'zod';

/** The first issue code per field of a failed parse: the contracts' schemas carry codes as their messages. */
export function fieldCodes<T extends Record<string, unknown>>(
  result: z.ZodSafeParseResult<T>,
): Partial<Record<keyof T & string, string>> {
  const codes: Partial<Record<string, string>> = {};
  if (result.success) return codes;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !codes[field]) codes[field] = issue.message;
  }
  return codes;
}
