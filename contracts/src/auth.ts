import { z } from 'zod/mini';
import { languageSchema, requestedLanguageSchema } from './languages.ts';
import { emailSchema, lineTextSchema, nameSchema, passwordSchema, uuidSchema } from './rules.ts';

/** Pending until the e-mail link is followed (company registration), deactivated by an administrator or the directory. */
export const userStatusSchema = z.enum(['active', 'pending', 'deactivated']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  isSysAdmin: z.boolean(),
  /** False: the account signs in through the company provider only (set by the auth service, absent in lists). */
  hasPassword: z.optional(z.boolean()),
});
export type User = z.infer<typeof userSchema>;

/** A password the account already has (sign-in, or confirming a change): only bounded, the rules were checked when it was set. */
const currentPasswordSchema = lineTextSchema().check(
  z.minLength(1, 'password_required'),
  z.maxLength(1024, 'password_too_long'),
);

export const loginRequestSchema = z.object({
  email: lineTextSchema().check(z.trim(), z.minLength(1, 'email_required'), z.maxLength(254, 'email_too_long')),
  password: currentPasswordSchema,
  /** A language the visitor picked on this device before signing in: stored for the account at sign-in. */
  language: z.optional(languageSchema),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  language: z.optional(languageSchema),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const setLanguageQuerySchema = z.object({ requestedLanguage: requestedLanguageSchema });

/**
 * `optional=true`: a visitor who is not signed in gets 200 with `null` instead of the spec's 401, so that the
 * portal's own check on every page load is not a failed request (browsers log those as console errors).
 */
export const loginStatusQuerySchema = z.object({ optional: z.optional(z.enum(['true', 'false'])) });

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `password` for an account that has one; `email`, its own address typed again, for one without (provider only). */
export const deleteUserRequestSchema = z
  .object({
    password: z.optional(currentPasswordSchema),
    email: z.optional(
      lineTextSchema().check(z.trim(), z.minLength(1, 'email_required'), z.maxLength(254, 'email_too_long')),
    ),
  })
  .check(
    z.refine((body) => (body.password === undefined) !== (body.email === undefined), 'password_or_email_required'),
  );
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  token: lineTextSchema().check(z.minLength(16, 'token_invalid'), z.maxLength(256, 'token_invalid')),
  newPassword: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Whether a reset link still works, asked when its page opens; the token is only looked at, never used up. */
export const resetTokenStatusQuerySchema = z.object({
  token: lineTextSchema().check(z.minLength(1, 'token_invalid'), z.maxLength(256, 'token_invalid')),
});
/** A valid link also names its account's e-mail address, which the reset page then need not ask for. */
export const resetTokenStatusSchema = z.object({
  valid: z.boolean(),
  email: z.optional(z.string()),
  /** `invite`: the link sets an invited account's first password (the page words it so). */
  purpose: z.optional(z.enum(['reset', 'invite'])),
});
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>;

/** Answer of calls that only confirm: a machine-readable status and an English text for logs and scripts. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const setNameRequestSchema = z.object({ name: nameSchema });
export type SetNameRequest = z.infer<typeof setNameRequestSchema>;

/**
 * Why a sign-in through the company's provider failed, as the gateway names it in `/login?sso_error=`: the login
 * page translates each one.
 */
export const ssoErrorSchema = z.enum(['state', 'provider', 'domain', 'unverified', 'deactivated', 'failed']);
export type SsoError = z.infer<typeof ssoErrorSchema>;

/** The API's answer to sign-out: where to send the browser to end the provider's session too, when it has one. */
export const logoutResponseSchema = z.object({ message: z.string(), endSessionUrl: z.optional(z.string()) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** The token of the link in a company registration's e-mail. */
export const verifyEmailRequestSchema = z.object({
  token: lineTextSchema().check(z.minLength(16, 'token_invalid'), z.maxLength(256, 'token_invalid')),
});
