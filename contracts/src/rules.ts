import { z } from 'zod';

/** Limits shared by the browser and the server, so both refuse the same input. */
export const LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  resetTokenTtlMinutes: 30,
} as const;

/** The spec's "simple pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'email_required')
  .max(LIMITS.emailMax, 'email_too_long')
  .regex(EMAIL_PATTERN, 'email_invalid');

/** One password rule everywhere (DESIGN.md): 8 to 128 characters with a lower-case letter, an upper-case letter and a digit. */
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, 'password_too_short')
  .max(LIMITS.passwordMax, 'password_too_long')
  .regex(/[a-z]/, 'password_needs_lowercase')
  .regex(/[A-Z]/, 'password_needs_uppercase')
  .regex(/\d/, 'password_needs_digit');

export const nameSchema = z.string().trim().min(LIMITS.nameMin, 'name_too_short').max(LIMITS.nameMax, 'name_too_long');

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
