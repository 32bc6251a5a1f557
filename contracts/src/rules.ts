// The contracts use zod/mini, zod's functional API on the same core: a page bundles only the checks it uses, and
// parsing, issues and JSON Schema are those of `zod`.
import { z } from 'zod/mini';

/** Limits shared by the browser and the server, so both refuse the same input. */
export const LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  resetTokenTtlMinutes: 30,
} as const;

const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);

/** Whether the text holds a C0 control character or DEL (line breaks and tab pass when the text may span lines). */
export function hasControlCharacter(text: string, allowLineBreaks = false): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 || code === 0x7f) && !(allowLineBreaks && LINE_BREAKS_AND_TAB.has(code))) return true;
  }
  return false;
}

/**
 * Every string of a request starts here: NUL and the other C0 control characters are refused with
 * `control_characters` on the field (PostgreSQL cannot store NUL; nobody types the others).
 */
export const lineTextSchema = () =>
  z.string().check(z.refine((text) => !hasControlCharacter(text), 'control_characters'));

/** Text that may span lines (a course description): newline, carriage return and tab allowed, no other control character. */
export const multilineTextSchema = () =>
  z.string().check(z.refine((text) => !hasControlCharacter(text, true), 'control_characters'));

/**
 * Stops the checks after it when the text is too long: zod runs every check of a schema otherwise, so a pattern
 * would still scan a 100 KB text that is already refused.
 */
export const boundedTo = (maximum: number, code: string) => z.maxLength(maximum, { message: code, abort: true });

/**
 * The spec's "simple pattern": something@something.tld, no spaces. Each part excludes the character that ends it
 * (`@`, `.`), so there is one way to match any text: linear time, whatever the input.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const emailSchema = lineTextSchema().check(
  z.trim(),
  z.minLength(1, 'email_required'),
  boundedTo(LIMITS.emailMax, 'email_too_long'),
  z.regex(EMAIL_PATTERN, 'email_invalid'),
);

/** One password rule everywhere (DESIGN.md): 8 to 128 characters with a lower-case letter, an upper-case letter and a digit. */
export const passwordSchema = lineTextSchema().check(
  z.minLength(LIMITS.passwordMin, 'password_too_short'),
  boundedTo(LIMITS.passwordMax, 'password_too_long'),
  z.regex(/[a-z]/, 'password_needs_lowercase'),
  z.regex(/[A-Z]/, 'password_needs_uppercase'),
  z.regex(/\d/, 'password_needs_digit'),
);

export const nameSchema = lineTextSchema().check(
  z.trim(),
  z.minLength(LIMITS.nameMin, 'name_too_short'),
  z.maxLength(LIMITS.nameMax, 'name_too_long'),
);

export const uuidSchema = z.uuid('id_invalid');

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

export function isStrongPassword(value: string): boolean {
  return passwordSchema.safeParse(value).success;
}

export function isValidName(value: string): boolean {
  return nameSchema.safeParse(value).success;
}
