import { z } from 'zod/mini';
import {
  changePasswordRequestSchema,
  deleteUserRequestSchema,
  loginRequestSchema,
  loginStatusQuerySchema,
  logoutResponseSchema,
  messageSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenStatusQuerySchema,
  resetTokenStatusSchema,
  setLanguageQuerySchema,
  setNameRequestSchema,
  userSchema,
  verifyEmailRequestSchema,
} from './auth.ts';
import {
  categoryInputSchema,
  categorySchema,
  categoryUsageSchema,
  courseFileSchema,
  courseIdQuerySchema,
  courseInputSchema,
  courseListQuerySchema,
  courseQuerySchema,
  courseSavedSchema,
  courseSchema,
  courseSummarySchema,
  courseUpdateSchema,
  idQuerySchema,
  languageQuerySchema,
  myCourseSchema,
  myCoursesQuerySchema,
  myParticipationSchema,
  participationSchema,
  registerUserToCourseSchema,
} from './courses.ts';
import { lineTextSchema, uuidSchema } from './rules.ts';
import { myAssignmentSchema } from './my-assignments.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a client needs of a call: its method and path, what it sends and what it gets back. */
export interface ApiCall {
  method: Method;
  /** Express-style path (`:id` for a path parameter). */
  path: string;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** multipart/form-data with one file field, for uploads. */
  upload?: true;
  /** The body is a text file of one of these media types (an import), bounded like an upload's file. */
  textBody?: readonly string[];
  response?: z.ZodMiniType;
  /** The answer is a file (download) rather than JSON. */
  binary?: string;
  /** The answer is one page of a list: X-Total-Count holds how many there are in all. */
  paged?: true;
}

const idParams = z.object({ id: uuidSchema });
const fileIdParams = z.object({ fileId: uuidSchema });
const courseIdParams = z.object({ courseId: uuidSchema });
const emailQuery = z.object({ email: z.optional(lineTextSchema()) });

/**
 * Every call the slices make, by the name of the typed client's method (`api.getCourse(…)`), once: its path,
 * method and schemas. The route table (api-routes.ts) documents each, adds the other spellings the server accepts
 * and the routes no page calls through the client (downloads by link, scripts' calls); the browser carries only
 * this file, and every page its weight: a call belongs here only when a page makes it, and a call that only one
 * administration page makes sits in a table beside its schemas instead (`SCIM_TOKEN_CALLS`, `GROUP_CALLS`, …).
 */
export const API_CALLS = {
  login: {
    method: 'post',
    path: '/api/auth/login',
    body: loginRequestSchema,
    response: userSchema,
  },
  register: {
    method: 'post',
    path: '/api/auth/register',
    body: registerRequestSchema,
    /** The new user, signed in (REGISTRATION=open); or a message: the e-mail says what follows. */
    response: z.union([userSchema, messageSchema]),
  },
  logout: {
    method: 'post',
    path: '/api/auth/logout',
    response: logoutResponseSchema,
  },
  checkLoginStatus: {
    method: 'get',
    path: '/api/auth/check-login-status',
    query: loginStatusQuerySchema,
    response: z.nullable(userSchema),
  },
  setLanguage: {
    method: 'post',
    path: '/api/user/set-language',
    query: setLanguageQuerySchema,
    response: userSchema,
  },
  setName: {
    method: 'post',
    path: '/api/user/set-name',
    body: setNameRequestSchema,
    response: userSchema,
  },
  changePassword: {
    method: 'post',
    path: '/api/user/change-password',
    body: changePasswordRequestSchema,
    response: messageSchema,
  },
  deleteAccount: {
    method: 'delete',
    path: '/api/user/delete-user',
    body: deleteUserRequestSchema,
    response: messageSchema,
  },
  requestPasswordReset: {
    method: 'post',
    path: '/api/user/request-password-reset',
    query: emailQuery,
    body: z.partial(passwordResetRequestSchema),
    response: messageSchema,
  },
  resetPassword: {
    method: 'post',
    path: '/api/user/reset-password',
    body: resetPasswordRequestSchema,
    response: messageSchema,
  },
  resetTokenStatus: {
    method: 'get',
    path: '/api/user/reset-password/status',
    query: resetTokenStatusQuerySchema,
    response: resetTokenStatusSchema,
  },
  verifyEmail: {
    method: 'post',
    path: '/api/user/verify-email',
    body: verifyEmailRequestSchema,
    response: messageSchema,
  },
  listCategories: {
    method: 'get',
    path: '/api/categories',
    query: languageQuerySchema,
    response: z.array(categorySchema),
  },
  listCategoryUsage: {
    method: 'get',
    path: '/api/categories/usage',
    query: languageQuerySchema,
    response: z.array(categoryUsageSchema),
  },
  getCategory: {
    method: 'get',
    path: '/api/categories/by-id',
    query: z.extend(idQuerySchema, languageQuerySchema.shape),
    response: categorySchema,
  },
  createCategory: {
    method: 'post',
    path: '/api/categories',
    query: languageQuerySchema,
    body: categoryInputSchema,
    response: categorySchema,
  },
  renameCategory: {
    method: 'patch',
    path: '/api/categories',
    query: z.extend(idQuerySchema, languageQuerySchema.shape),
    body: categoryInputSchema,
    response: categorySchema,
  },
  deleteCategory: {
    method: 'delete',
    path: '/api/categories',
    query: idQuerySchema,
    response: messageSchema,
  },
  listCourses: {
    method: 'get',
    path: '/api/courses',
    paged: true,
    query: courseListQuerySchema,
    response: z.array(courseSummarySchema),
  },
  listMyCourses: {
    method: 'get',
    path: '/api/courses/mine',
    paged: true,
    query: myCoursesQuerySchema,
    response: z.array(myCourseSchema),
  },
  myParticipations: {
    method: 'get',
    path: '/api/courses/participations/mine',
    response: z.array(myParticipationSchema),
  },
  createCourse: {
    method: 'post',
    path: '/api/courses',
    query: languageQuerySchema,
    body: courseInputSchema,
    response: courseSavedSchema,
  },
  updateCourse: {
    method: 'put',
    path: '/api/courses',
    query: languageQuerySchema,
    body: courseUpdateSchema,
    response: courseSavedSchema,
  },
  getCourse: {
    method: 'get',
    path: '/api/courses/:id',
    params: idParams,
    query: courseQuerySchema,
    response: courseSchema,
  },
  deleteCourse: {
    method: 'delete',
    path: '/api/courses/:id',
    params: idParams,
    response: messageSchema,
  },
  startCourse: {
    method: 'post',
    path: '/api/courses/register-for-course',
    query: courseIdQuerySchema,
    response: participationSchema,
  },
  completeCourse: {
    method: 'post',
    path: '/api/courses/complete-course',
    query: courseIdQuerySchema,
    response: participationSchema,
  },
  registerUserToCourse: {
    method: 'post',
    path: '/api/courses/register-user-to-course',
    body: registerUserToCourseSchema,
    response: participationSchema,
  },
  myAssignments: {
    method: 'get',
    path: '/api/assignments/mine',
    query: languageQuerySchema,
    response: z.array(myAssignmentSchema),
  },
  uploadFile: {
    method: 'post',
    path: '/api/files/upload',
    query: courseIdQuerySchema,
    upload: true,
    response: courseFileSchema,
  },
  downloadFile: {
    method: 'get',
    path: '/api/files/download/:fileId',
    params: fileIdParams,
    binary: 'application/octet-stream',
  },
  listCourseFiles: {
    method: 'get',
    path: '/api/files/course/:courseId/files',
    params: courseIdParams,
    response: z.array(courseFileSchema),
  },
  downloadCourseFiles: {
    method: 'get',
    path: '/api/files/course/:courseId/files/download',
    params: courseIdParams,
    binary: 'application/zip',
  },
  deleteFile: {
    method: 'delete',
    path: '/api/files/delete/:fileId',
    params: fileIdParams,
    response: messageSchema,
  },
} as const satisfies Record<string, ApiCall>;
