import { z } from 'zod';
import { badRequest, issuesOf } from './errors.ts';

/** Parses untrusted input with a contract schema; refuses it with 400 and the field issues. */
export function parseInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  input: unknown,
  what = 'request',
): z.infer<Schema> {
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) throw badRequest(`The ${what} is not valid`, issuesOf(result.error));
  return result.data;
}
