import { z } from 'zod/mini';
import {
  changePasswordRequestSchema,
  deleteUserRequestSchema,
  loginRequestSchema,
  loginStatusQuerySchema,
  messageSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenStatusQuerySchema,
  resetTokenStatusSchema,
  setLanguageQuerySchema,
  userSchema,
} from './auth.ts';
import {
  categoryInputSchema,
  categorySchema,
  categoryUsageSchema,
  courseFileSchema,
  courseIdQuerySchema,
  courseInputSchema,
  courseListQuerySchema,
  courseSavedSchema,
  courseSchema,
  courseSummarySchema,
  courseUpdateSchema,
  idQuerySchema,
  languageQuerySchema,
  myCourseSchema,
  myCoursesQuerySchema,
  participationSchema,
  registerUserToCourseSchema,
} from './courses.ts';
import {
  importQuerySchema,
  importResultSchema,
  invitationRequestSchema,
  invitationSchema,
  verifyEmailRequestSchema,
} from './onboarding.ts';
import { lineTextSchema, uuidSchema } from './rules.ts';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One call of the API: everything the OpenAPI document says of it comes from here and from the zod schemas. */
export interface ApiRoute {
  method: Method;
  /** Express-style path (`:id` for a path parameter). */
  path: string;
  tag: 'Session' | 'Account' | 'Administration' | 'Courses' | 'Categories' | 'Files';
  summary: string;
  access: Access;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** multipart/form-data with one file field, for uploads. */
  upload?: true;
  response?: z.ZodMiniType;
  /** The answer is a file (download) rather than JSON. */
  binary?: string;
  /** The answer's texts are in one language, named by Content-Language (`?lang=` asks for one). */
  contentLanguage?: true;
  status?: number;
  errors: number[];
  /**
   * A GET that changes state (the GET forms of start-course): it needs the CSRF header like every POST, PUT,
   * PATCH and DELETE.
   */
  changesState?: true;
}

/** Whether a call of this route must carry the CSRF header: every write, and the reads marked as changing state. */
export function requiresCsrfHeader(route: ApiRoute): boolean {
  return route.method !== 'get' || route.changesState === true;
}

const idParams = z.object({ id: uuidSchema });
const fileIdParams = z.object({ fileId: uuidSchema });
const courseIdParams = z.object({ courseId: uuidSchema });
const emailQuery = z.object({ email: z.optional(lineTextSchema()) });

/** Every route of the public API (spec §7 with DESIGN.md's decisions), the one list the gateway documents. */
export const API_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Session',
    summary: 'Sign in',
    access: 'public',
    body: loginRequestSchema,
    response: userSchema,
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'Session',
    summary:
      'Register: REGISTRATION=open signs the new account in (201); domains and invite answer 202 whatever the address, the e-mail says what follows; off is 403',
    access: 'public',
    body: registerRequestSchema,
    response: z.union([userSchema, messageSchema]),
    status: 201,
    errors: [400, 403, 409, 429],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Session',
    summary: 'Sign out',
    access: 'public',
    response: messageSchema,
    errors: [],
  },
  {
    method: 'get',
    path: '/api/auth/check-login-status',
    tag: 'Session',
    summary: 'The signed-in user (null for a visitor when optional=true; 401 otherwise)',
    access: 'public',
    query: loginStatusQuerySchema,
    response: z.nullable(userSchema),
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/user/set-language',
    tag: 'Account',
    summary: 'Store the interface language',
    access: 'user',
    query: setLanguageQuerySchema,
    response: userSchema,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/user/change-password',
    tag: 'Account',
    summary: 'Change the password',
    access: 'user',
    body: changePasswordRequestSchema,
    response: messageSchema,
    errors: [400, 401],
  },
  {
    method: 'delete',
    path: '/api/user/delete-user',
    tag: 'Account',
    summary: 'Delete the own account',
    access: 'user',
    body: deleteUserRequestSchema,
    response: messageSchema,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/user/request-password-reset',
    tag: 'Account',
    summary: 'Send a reset link (same answer whether the e-mail exists or not)',
    access: 'public',
    query: emailQuery,
    body: z.partial(passwordResetRequestSchema),
    response: messageSchema,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/user/reset-password',
    tag: 'Account',
    summary: 'Set a new password with a reset token',
    access: 'public',
    body: resetPasswordRequestSchema,
    response: messageSchema,
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/user/reset-password/status',
    tag: 'Account',
    summary: 'Whether a reset token is still valid (the token is not used up)',
    access: 'public',
    query: resetTokenStatusQuerySchema,
    response: resetTokenStatusSchema,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/user/verify-email',
    tag: 'Account',
    summary: 'Confirm the address of a registration with the token of its e-mail: the account becomes active',
    access: 'public',
    body: verifyEmailRequestSchema,
    response: messageSchema,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/admin/invitations',
    tag: 'Administration',
    summary:
      'Invite someone: the account is created without a password and a link to choose one is mailed in its language (200 when an unused invitation is sent again, 409 for an account in use)',
    access: 'admin',
    body: invitationRequestSchema,
    response: invitationSchema,
    status: 201,
    errors: [400, 401, 403, 409],
  },
  {
    method: 'post',
    path: '/api/admin/users/import',
    tag: 'Administration',
    summary:
      'Import accounts from a CSV file (multipart, field "file"; email, name, language, role, groups): the dry run judges every row and writes nothing; the real run writes all rows in one transaction, or none with 422 when a row is invalid',
    access: 'admin',
    query: importQuerySchema,
    upload: true,
    response: importResultSchema,
    errors: [400, 401, 403, 413, 422],
  },
  {
    method: 'get',
    path: '/api/categories',
    tag: 'Categories',
    summary: 'All categories, named in the caller’s language (or ?lang=) else in their default language, by that name',
    access: 'user',
    query: languageQuerySchema,
    response: z.array(categorySchema),
    contentLanguage: true,
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/categories/usage',
    tag: 'Categories',
    summary: 'All categories with how many courses use each and every language’s name',
    access: 'admin',
    query: languageQuerySchema,
    response: z.array(categoryUsageSchema),
    contentLanguage: true,
    errors: [401, 403],
  },
  {
    method: 'get',
    path: '/api/categories/by-id',
    tag: 'Categories',
    summary: 'One category',
    access: 'user',
    query: z.extend(idQuerySchema, languageQuerySchema.shape),
    response: categorySchema,
    contentLanguage: true,
    errors: [400, 401, 404],
  },
  {
    method: 'post',
    path: '/api/categories',
    tag: 'Categories',
    summary:
      'Create a category: {name} names it in the caller’s language (its default), {names, defaultLanguage} in several (409 when a name is taken in its language)',
    access: 'admin',
    query: languageQuerySchema,
    body: categoryInputSchema,
    response: categorySchema,
    contentLanguage: true,
    status: 201,
    errors: [400, 401, 403, 409],
  },
  {
    method: 'put',
    path: '/api/categories',
    tag: 'Categories',
    summary:
      'Rename a category: {name} renames its default language and keeps the others, {names, defaultLanguage} replaces them all',
    access: 'admin',
    query: z.extend(idQuerySchema, languageQuerySchema.shape),
    body: categoryInputSchema,
    response: categorySchema,
    contentLanguage: true,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'patch',
    path: '/api/categories',
    tag: 'Categories',
    summary:
      'Rename a category: {name} renames its default language and keeps the others, {names, defaultLanguage} replaces them all',
    access: 'admin',
    query: z.extend(idQuerySchema, languageQuerySchema.shape),
    body: categoryInputSchema,
    response: categorySchema,
    contentLanguage: true,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/categories',
    tag: 'Categories',
    summary: 'Delete an unused category',
    access: 'admin',
    query: idQuerySchema,
    response: messageSchema,
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    path: '/api/courses',
    tag: 'Courses',
    summary:
      'Courses, newest first (X-Total-Count holds the total), each in the caller’s language (or ?lang=) else its default language; search looks through every language',
    access: 'user',
    query: courseListQuerySchema,
    response: z.array(courseSummarySchema),
    contentLanguage: true,
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    path: '/api/courses/mine',
    tag: 'Courses',
    summary:
      "The caller's courses in progress (latest start first) or completed (latest completion first); X-Total-Count holds the total",
    access: 'user',
    query: myCoursesQuerySchema,
    response: z.array(myCourseSchema),
    contentLanguage: true,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/courses',
    tag: 'Courses',
    summary:
      'Create a course: {title, description} writes the caller’s language (its default), {texts, defaultLanguage} several',
    access: 'admin',
    query: languageQuerySchema,
    body: courseInputSchema,
    response: courseSavedSchema,
    contentLanguage: true,
    status: 201,
    errors: [400, 401, 403],
  },
  {
    method: 'put',
    path: '/api/courses',
    tag: 'Courses',
    summary:
      'Update a course (409 when it changed since it was loaded): {title, description} writes its default language and keeps the others, {texts, defaultLanguage} replaces every language',
    access: 'admin',
    query: languageQuerySchema,
    body: courseUpdateSchema,
    response: courseSavedSchema,
    contentLanguage: true,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    path: '/api/courses/:id',
    tag: 'Courses',
    summary:
      'One course with its files and participants, in the caller’s language (or ?lang=) else its default language; every language’s text for administrators',
    access: 'user',
    params: idParams,
    query: languageQuerySchema,
    response: courseSchema,
    contentLanguage: true,
    errors: [400, 401, 404],
  },
  {
    method: 'delete',
    path: '/api/courses/:id',
    tag: 'Courses',
    summary: 'Delete a course, its participations and its files',
    access: 'admin',
    params: idParams,
    response: messageSchema,
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    path: '/api/courses/register-for-course',
    tag: 'Courses',
    summary: 'Start a course (GET and registerForCourse accepted too; a draft cannot be started: 409)',
    access: 'user',
    query: courseIdQuerySchema,
    response: participationSchema,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'get',
    path: '/api/courses/register-for-course',
    tag: 'Courses',
    summary: 'Start a course (GET form; needs the CSRF header too)',
    access: 'user',
    query: courseIdQuerySchema,
    response: participationSchema,
    errors: [400, 401, 403, 404, 409],
    changesState: true,
  },
  {
    method: 'post',
    path: '/api/courses/registerForCourse',
    tag: 'Courses',
    summary: 'Start a course (camelCase spelling)',
    access: 'user',
    query: courseIdQuerySchema,
    response: participationSchema,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'get',
    path: '/api/courses/registerForCourse',
    tag: 'Courses',
    summary: 'Start a course (camelCase GET form)',
    access: 'user',
    query: courseIdQuerySchema,
    response: participationSchema,
    errors: [400, 401, 403, 404, 409],
    changesState: true,
  },
  {
    method: 'post',
    path: '/api/courses/complete-course',
    tag: 'Courses',
    summary: 'Stop (complete) a course',
    access: 'user',
    query: courseIdQuerySchema,
    response: participationSchema,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'post',
    path: '/api/courses/completeCourse',
    tag: 'Courses',
    summary: 'Stop (complete) a course (camelCase spelling)',
    access: 'user',
    query: courseIdQuerySchema,
    response: participationSchema,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'post',
    path: '/api/courses/register-user-to-course',
    tag: 'Courses',
    summary: 'Register another user to a course (not to a draft: 409)',
    access: 'admin',
    body: registerUserToCourseSchema,
    response: participationSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'post',
    path: '/api/files/upload',
    tag: 'Files',
    summary: 'Upload one file to a course (multipart, field "file")',
    access: 'admin',
    query: courseIdQuerySchema,
    upload: true,
    response: courseFileSchema,
    status: 201,
    errors: [400, 401, 403, 404, 413],
  },
  {
    method: 'get',
    path: '/api/files/download/:fileId',
    tag: 'Files',
    summary: 'Download one file (always an attachment)',
    access: 'user',
    params: fileIdParams,
    binary: 'application/octet-stream',
    errors: [400, 401, 404],
  },
  {
    method: 'get',
    path: '/api/files/course/:courseId/files',
    tag: 'Files',
    summary: 'The files of a course',
    access: 'user',
    params: courseIdParams,
    response: z.array(courseFileSchema),
    errors: [400, 401, 404],
  },
  {
    method: 'get',
    path: '/api/files/course/:courseId/files/download',
    tag: 'Files',
    summary: 'All files of a course as one zip',
    access: 'user',
    params: courseIdParams,
    binary: 'application/zip',
    errors: [400, 401, 404],
  },
  {
    method: 'delete',
    path: '/api/files/delete/:fileId',
    tag: 'Files',
    summary: 'Delete one file',
    access: 'admin',
    params: fileIdParams,
    response: messageSchema,
    errors: [400, 401, 403, 404],
  },
];
