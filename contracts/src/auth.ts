import { z } from 'zod';
import { languageSchema, requestedLanguageSchema } from './languages.ts';
import { emailSchema, nameSchema, passwordSchema, uuidSchema } from './rules.ts';

export const userSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  isSysAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'email_required').max(254, 'email_too_long'),
  password: z.string().min(1, 'password_required').max(1024, 'password_too_long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  language: languageSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const setLanguageQuerySchema = z.object({ requestedLanguage: requestedLanguageSchema });

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'password_required').max(1024, 'password_too_long'),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const deleteUserRequestSchema = z.object({
  password: z.string().min(1, 'password_required').max(1024, 'password_too_long'),
});
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  token: z.string().min(16, 'token_invalid').max(256, 'token_invalid'),
  newPassword: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Answer of calls that only confirm: a machine-readable status and an English text for logs and scripts. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;
