import { z } from 'zod/mini';
import { ADMIN_USER_CALLS } from './admin-users.ts';
import { API_CALLS, type ApiCall } from './api-calls.ts';
import { listAuditEntriesCall } from './audit.ts';
import {
  downloadCourseResultCall,
  getMyCourseResultCall,
  listCourseResultsCall,
  reviewCourseResultCall,
  uploadCourseResultCall,
} from './course-results.ts';
import { GROUP_CALLS } from './groups.ts';
import { LESSON_CALLS, LESSON_LIMITS } from './lessons.ts';
import { SESSION_ALIVE_PATH } from './http.ts';
import { oidcCallbackQuerySchema, oidcLoginQuerySchema } from './oidc.ts';
import { ONBOARDING_CALLS, ONBOARDING_LIMITS } from './onboarding.ts';
import { SCIM_TOKEN_CALLS } from './scim.ts';
import { SSO_CALLS, SSO_TEST_START_PATH } from './sso-settings.ts';
import { QUIZ_CALLS } from './quiz-calls.ts';
import { QUIZ_REPORT_CALLS } from './quiz-report.ts';
import { QUIZ_LIMITS } from './quizzes.ts';
import { TRAINING_CALLS } from './training-calls.ts';

/** The largest JSON body any call may send (the services' parsers and the gateway's cut agree on it). */
export const JSON_BODY_MAX_BYTES = 100 * 1024;

export type { Method } from './api-calls.ts';
export type Access = 'public' | 'user' | 'admin';

/** One route of the API: a call and what the OpenAPI document says of it beyond its schemas. */
export interface ApiRoute extends ApiCall {
  tag:
    | 'Session'
    | 'Account'
    | 'Administration'
    | 'Courses'
    | 'Categories'
    | 'Files'
    | 'Audit'
    | 'Groups'
    | 'Training'
    | 'Quizzes';
  summary: string;
  access: Access;
  /** The answer's texts are in one language, named by Content-Language (`?lang=` asks for one). */
  contentLanguage?: true;
  status?: number;
  errors: readonly number[];
  /**
   * A GET that changes state (the GET forms of start-course): it needs the CSRF header like every POST, PUT,
   * PATCH and DELETE.
   */
  changesState?: true;
  /** An upload's or a text body's largest file when it is not the portal's MAX_FILE_BYTES (bodyLimitOf). */
  maxFileBytes?: number;
}

/** Whether a call of this route must carry the CSRF header: every write, and the reads marked as changing state. */
export function requiresCsrfHeader(route: ApiRoute): boolean {
  return route.method !== 'get' || route.changesState === true;
}

/** What a multipart body may carry beyond its file: the part's headers, the boundaries, a few short fields. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * The largest body a call of this route may send, in bytes: an upload's file limit (the route's own, else the
 * portal's `maxFileBytes`) and its multipart envelope, a text body's file limit, any other call a JSON body.
 */
export function bodyLimitOf(route: ApiRoute, maxFileBytes: number): number {
  if (route.upload) return (route.maxFileBytes ?? maxFileBytes) + MULTIPART_ENVELOPE_BYTES;
  return route.textBody ? (route.maxFileBytes ?? maxFileBytes) : JSON_BODY_MAX_BYTES;
}

/** A route as the table below writes it: its tag is its section's, 401 and 403 follow from `access`. */
type RouteEntry = Omit<ApiRoute, 'tag' | 'errors'> & { errors?: readonly number[] };

/** The errors every route of an access level answers: 401 to a visitor, 403 to someone not an administrator. */
const ACCESS_ERRORS: Record<Access, readonly number[]> = { public: [], user: [401], admin: [401, 403] };

/** A section of the table: routes of one tag, each with its access level's errors besides its own, ascending. */
function tagged(tag: ApiRoute['tag'], entries: readonly RouteEntry[]): ApiRoute[] {
  return entries.map(({ errors = [], ...entry }) => ({
    ...entry,
    tag,
    errors: [...new Set([...ACCESS_ERRORS[entry.access], ...errors])].sort((a, b) => a - b),
  }));
}

const renameCategory: RouteEntry = {
  ...API_CALLS.renameCategory,
  summary:
    'Rename a category: {name} renames its default language and keeps the others, {names, defaultLanguage} replaces them all',
  access: 'admin',
  contentLanguage: true,
  errors: [400, 404, 409],
};

const startCourse: RouteEntry = {
  ...API_CALLS.startCourse,
  summary: 'Start a course (GET and registerForCourse accepted too; a draft cannot be started: 409)',
  access: 'user',
  errors: [400, 404, 409],
};

const startCourseByGet: RouteEntry = {
  ...startCourse,
  method: 'get',
  summary: 'Start a course (GET form; needs the CSRF header too)',
  errors: [400, 403, 404, 409],
  changesState: true,
};

const completeCourse: RouteEntry = {
  ...API_CALLS.completeCourse,
  summary: 'Stop (complete) a course; one proved by an uploaded result answers 409 completion_needs_result',
  access: 'user',
  errors: [400, 404, 409],
};

/**
 * Every route of the public API (spec §7 with DESIGN.md's decisions), the one list the gateway documents and
 * checks CSRF with: each call of API_CALLS, and the other spellings of some.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...tagged('Session', [
    {
      ...API_CALLS.login,
      summary: 'Sign in',
      access: 'public',
      errors: [400, 401, 429],
    },
    {
      ...API_CALLS.register,
      summary:
        'Register: REGISTRATION=open signs the new account in (201); domains and invite answer 202 whatever the address, the e-mail says what follows; off is 403',
      access: 'public',
      status: 201,
      errors: [400, 403, 409, 429],
    },
    {
      ...API_CALLS.logout,
      summary: 'Sign out (after a provider sign-in, endSessionUrl is where the browser ends the provider session)',
      access: 'public',
    },
    {
      method: 'get',
      path: '/api/auth/oidc/login',
      summary: "Start a sign-in at the company's OpenID Connect provider (a redirect; 404 when none is configured)",
      access: 'public',
      query: oidcLoginQuerySchema,
      status: 303,
      errors: [400, 404],
    },
    {
      method: 'get',
      path: '/api/auth/oidc/callback',
      summary: "The provider's redirect back: signs in and redirects to the page asked for, or to /login?sso_error=",
      access: 'public',
      query: oidcCallbackQuerySchema,
      status: 303,
      errors: [404],
    },
  ]),
  ...tagged('Administration', [
    {
      method: 'get',
      path: SSO_TEST_START_PATH,
      summary:
        'Test the connection to the stored provider in a popup (a redirect): the callback signs no one in and returns to /admin/sso?test=done',
      access: 'admin',
      status: 303,
      errors: [404],
    },
  ]),
  ...tagged('Session', [
    {
      ...API_CALLS.checkLoginStatus,
      summary: 'The signed-in user (null for a visitor when optional=true; 401 otherwise)',
      access: 'public',
      errors: [401],
    },
  ]),
  ...tagged('Account', [
    {
      ...API_CALLS.setName,
      summary: 'Change the signed-in user’s name (the session follows)',
      access: 'user',
      errors: [400],
    },
    {
      ...ADMIN_USER_CALLS.listUsers,
      summary: 'Users matching a search (name or e-mail) and filters, a page at a time, the total in X-Total-Count',
      access: 'admin',
      errors: [400],
    },
    {
      ...ADMIN_USER_CALLS.changeUser,
      summary:
        'Promote, demote, deactivate or reactivate a user; demotion and deactivation end their sessions (409 for the last active administrator or oneself)',
      access: 'admin',
      errors: [400, 404, 409],
    },
    {
      ...API_CALLS.setLanguage,
      summary: 'Store the interface language',
      access: 'user',
      errors: [400],
    },
    {
      ...API_CALLS.changePassword,
      summary: 'Change the password',
      access: 'user',
      errors: [400],
    },
    {
      ...API_CALLS.deleteAccount,
      summary: 'Delete the own account',
      access: 'user',
      errors: [400],
    },
    {
      ...API_CALLS.requestPasswordReset,
      summary: 'Send a reset link (same answer whether the e-mail exists or not)',
      access: 'public',
      errors: [400, 429],
    },
    {
      ...API_CALLS.resetPassword,
      summary: 'Set a new password with a reset token',
      access: 'public',
      errors: [400, 429],
    },
    {
      ...API_CALLS.resetTokenStatus,
      summary: 'Whether a reset token is still valid (the token is not used up)',
      access: 'public',
      errors: [400, 429],
    },
  ]),
  ...tagged('Groups', [
    {
      ...GROUP_CALLS.listGroups,
      summary:
        "Groups whose name matches a search, a page at a time, the total in X-Total-Count; `managedBy: 'directory'` for those SCIM keeps",
      access: 'admin',
      errors: [400],
    },
    {
      ...GROUP_CALLS.createGroup,
      summary: 'Create a group (409 group_name_taken when another has the name in any letter case)',
      access: 'admin',
      status: 201,
      errors: [400, 409],
    },
    {
      ...GROUP_CALLS.renameGroup,
      summary: 'Rename a group (409 group_name_taken; 409 group_managed_by_directory for a group SCIM keeps)',
      access: 'admin',
      errors: [400, 404, 409],
    },
    {
      ...GROUP_CALLS.deleteGroup,
      summary: 'Delete a group and its memberships (409 group_managed_by_directory for a group SCIM keeps)',
      access: 'admin',
      errors: [400, 404, 409],
    },
    {
      ...GROUP_CALLS.listGroupMembers,
      summary: "A group's members matching a search (name or e-mail), a page at a time, the total in X-Total-Count",
      access: 'admin',
      errors: [400, 404],
    },
    {
      ...GROUP_CALLS.addGroupMembers,
      summary: 'Add people to a group (up to 500 at once; members already are stay as they were)',
      access: 'admin',
      errors: [400, 404, 409],
    },
    {
      ...GROUP_CALLS.removeGroupMember,
      summary: 'Remove someone from a group',
      access: 'admin',
      errors: [400, 404, 409],
    },
  ]),
  ...tagged('Account', [
    {
      ...SCIM_TOKEN_CALLS.listScimTokens,
      summary: 'The SCIM base URL and the bearer tokens of directories (never their secrets)',
      access: 'admin',
    },
    {
      ...SCIM_TOKEN_CALLS.createScimToken,
      summary: 'Generate a SCIM bearer token; its secret is in this answer only',
      access: 'admin',
      status: 201,
      errors: [400],
    },
    {
      ...SCIM_TOKEN_CALLS.revokeScimToken,
      summary: 'Revoke a SCIM bearer token',
      access: 'admin',
      errors: [400, 404],
    },
    {
      ...SCIM_TOKEN_CALLS.getScimSettings,
      summary: 'Whether SCIM may change, deactivate and delete administrators (off until an administrator allows it)',
      access: 'admin',
    },
    {
      ...SCIM_TOKEN_CALLS.saveScimSettings,
      summary: 'Allow or forbid SCIM to change administrators (never ADMIN_EMAIL, never the last active one); audited',
      access: 'admin',
      errors: [400],
    },
  ]),
  ...tagged('Administration', [
    {
      ...SSO_CALLS.getSsoSettings,
      summary:
        "The company's single sign-on settings (`source: 'environment'` when OIDC_ISSUER_URL sets them, read-only); never the client secret",
      access: 'admin',
    },
    {
      ...SSO_CALLS.saveSsoSettings,
      summary:
        'Store the single sign-on settings (an empty client secret keeps the stored one); 409 sso_from_environment when the environment sets them',
      access: 'admin',
      errors: [400, 409],
    },
    {
      ...SSO_CALLS.getSsoTestResult,
      summary:
        'The last test of the connection in this session: the claims received and the account they map to (nothing is written)',
      access: 'admin',
    },
  ]),
  ...tagged('Account', [
    {
      ...API_CALLS.verifyEmail,
      summary: 'Confirm the address of a registration with the token of its e-mail: the account becomes active',
      access: 'public',
      errors: [400, 429],
    },
  ]),
  ...tagged('Administration', [
    {
      ...ONBOARDING_CALLS.inviteUser,
      summary:
        'Invite someone: the account is created without a password and a link to choose one is mailed in its language (200 when an unused invitation is sent again, 409 for an account in use)',
      access: 'admin',
      status: 201,
      errors: [400, 409],
    },
    {
      ...ONBOARDING_CALLS.importUsers,
      maxFileBytes: ONBOARDING_LIMITS.importBytes,
      summary:
        'Import accounts from a CSV file (multipart, field "file"; email, name, language, role, groups): the dry run judges every row and writes nothing; the real run writes all rows in one transaction, or none with 422 when a row is invalid',
      access: 'admin',
      errors: [400, 413, 422, 429],
    },
  ]),
  ...tagged('Categories', [
    {
      ...API_CALLS.listCategories,
      summary:
        'All categories, named in the caller’s language (or ?lang=) else in their default language, by that name',
      access: 'user',
      contentLanguage: true,
    },
    {
      ...API_CALLS.listCategoryUsage,
      summary: 'All categories with how many courses use each and every language’s name',
      access: 'admin',
      contentLanguage: true,
    },
    {
      ...API_CALLS.getCategory,
      summary: 'One category',
      access: 'user',
      contentLanguage: true,
      errors: [400, 404],
    },
    {
      ...API_CALLS.createCategory,
      summary:
        'Create a category: {name} names it in the caller’s language (its default), {names, defaultLanguage} in several (409 when a name is taken in its language)',
      access: 'admin',
      contentLanguage: true,
      status: 201,
      errors: [400, 409],
    },
    { ...renameCategory, method: 'put' },
    renameCategory,
    {
      ...API_CALLS.deleteCategory,
      summary: 'Delete an unused category',
      access: 'admin',
      errors: [400, 404],
    },
  ]),
  ...tagged('Courses', [
    {
      ...API_CALLS.listCourses,
      summary:
        'Courses, newest first (X-Total-Count holds the total), each in the caller’s language (or ?lang=) else its default language; search looks through every language',
      access: 'user',
      contentLanguage: true,
      errors: [400, 403],
    },
    {
      ...API_CALLS.listMyCourses,
      summary:
        "The caller's courses in progress (latest start first) or completed (latest completion first); X-Total-Count holds the total",
      access: 'user',
      contentLanguage: true,
      errors: [400],
    },
    {
      ...API_CALLS.myParticipations,
      summary:
        "The caller's participations: the courses they take part in (completedAt null) and those they completed; lists and course bodies carry none",
      access: 'user',
    },
    {
      ...API_CALLS.createCourse,
      summary:
        'Create a course: {title, description} writes the caller’s language (its default), {texts, defaultLanguage} several',
      access: 'admin',
      contentLanguage: true,
      status: 201,
      errors: [400],
    },
    {
      ...API_CALLS.updateCourse,
      summary:
        'Update a course (409 when it changed since it was loaded): {title, description} writes its default language and keeps the others, {texts, defaultLanguage} replaces every language',
      access: 'admin',
      contentLanguage: true,
      errors: [400, 404, 409],
    },
    {
      ...API_CALLS.getCourse,
      summary:
        'One course with its files and participants (?participants=omit: without them, the same body for every employee), in the caller’s language (or ?lang=) else its default language; every language’s text for administrators',
      access: 'user',
      contentLanguage: true,
      errors: [400, 404],
    },
    {
      ...API_CALLS.deleteCourse,
      summary: 'Delete a course, its participations and its files',
      access: 'admin',
      errors: [400, 404],
    },
    startCourse,
    startCourseByGet,
    { ...startCourse, path: '/api/courses/registerForCourse', summary: 'Start a course (camelCase spelling)' },
    { ...startCourseByGet, path: '/api/courses/registerForCourse', summary: 'Start a course (camelCase GET form)' },
    completeCourse,
    {
      ...completeCourse,
      path: '/api/courses/completeCourse',
      summary: 'Stop (complete) a course (camelCase spelling)',
    },
    {
      ...API_CALLS.registerUserToCourse,
      summary: 'Register another user to a course (not to a draft: 409)',
      access: 'admin',
      errors: [400, 404, 409],
    },
    {
      ...uploadCourseResultCall,
      summary:
        'Upload the result that proves a course completed (multipart, field "file"; PDF, PNG or JPEG by content): pending until reviewed',
      access: 'user',
      status: 201,
      errors: [400, 404, 409, 413, 415, 429],
    },
    {
      ...getMyCourseResultCall,
      summary: "The caller's latest result for the course and where its review stands (null: none uploaded)",
      access: 'user',
      errors: [400, 404],
    },
    {
      ...listCourseResultsCall,
      summary: 'Uploaded results by status (pending: the review queue, oldest first), a page at a time',
      access: 'admin',
      contentLanguage: true,
      errors: [400],
    },
    {
      ...reviewCourseResultCall,
      summary:
        'Approve a pending result (records the completion) or reject it with a comment (the learner uploads again)',
      access: 'admin',
      errors: [400, 404, 409],
    },
    {
      ...downloadCourseResultCall,
      summary: "A result's file (its owner and administrators only; always an attachment)",
      access: 'user',
      errors: [400, 404],
    },
  ]),
  ...tagged('Courses', [
    {
      ...LESSON_CALLS.courseLessons,
      summary:
        "The course's lessons in order, each with when the caller viewed it, and the first not viewed yet (continueWith, null when none is left); a draft's for administrators only",
      access: 'user',
      contentLanguage: true,
      errors: [400, 404],
    },
    {
      ...LESSON_CALLS.createLesson,
      summary: `Append a lesson (text, file, video or quiz; titles and texts per language) to the course's outline, at most ${LESSON_LIMITS.lessonsPerCourse}`,
      access: 'admin',
      status: 201,
      errors: [400, 404, 503],
    },
    {
      ...LESSON_CALLS.updateLesson,
      summary: 'Change a lesson: its kind, texts and file, all at once',
      access: 'admin',
      errors: [400, 404, 503],
    },
    {
      ...LESSON_CALLS.deleteLesson,
      summary: 'Delete a lesson and its views; the lessons after it move up',
      access: 'admin',
      status: 204,
      errors: [400, 404],
    },
    {
      ...LESSON_CALLS.orderLessons,
      summary:
        "Put the course's lessons in a new order: every one of its lessons once (400 lesson_order_mismatch otherwise)",
      access: 'admin',
      errors: [400, 404],
    },
    {
      ...LESSON_CALLS.markLessonViewed,
      summary: 'Record that the caller viewed the lesson (the first time stays)',
      access: 'user',
      errors: [400, 404],
    },
  ]),
  ...tagged('Files', [
    {
      ...API_CALLS.uploadFile,
      summary: 'Upload one file to a course (multipart, field "file")',
      access: 'admin',
      status: 201,
      errors: [400, 404, 413, 429],
    },
    {
      ...API_CALLS.downloadFile,
      summary: 'Download one file (always an attachment)',
      access: 'user',
      errors: [400, 404],
    },
    {
      ...API_CALLS.listCourseFiles,
      summary: 'The files of a course',
      access: 'user',
      errors: [400, 404],
    },
    {
      ...API_CALLS.downloadCourseFiles,
      summary: 'All files of a course as one zip',
      access: 'user',
      errors: [400, 404],
    },
    {
      ...API_CALLS.deleteFile,
      summary: 'Delete one file',
      access: 'admin',
      errors: [400, 404],
    },
  ]),
  ...tagged('Audit', [
    {
      ...listAuditEntriesCall,
      summary:
        'The audit trail, newest first: a page as JSON (`next` asks for the following one), or every match as CSV',
      access: 'admin',
      errors: [400],
    },
  ]),
  ...tagged('Training', [
    {
      ...TRAINING_CALLS.createAssignment,
      summary:
        'Assign a course to people and groups, mandatory or recommended, due on a date or in N days (for later joiners of a group: N days after joining), optionally recurring every N months; 422 when the course or someone named is unknown',
      access: 'admin',
      status: 201,
      errors: [400, 422],
    },
    {
      ...TRAINING_CALLS.listAssignments,
      summary: "The assignments (of one course with courseId), newest first, titles in the administrator's language",
      access: 'admin',
      errors: [400],
    },
    {
      ...API_CALLS.myAssignments,
      summary:
        "The signed-in person's assigned courses in their language: overdue and expired first, then the soonest due",
      access: 'user',
    },
    {
      ...TRAINING_CALLS.deleteAssignment,
      summary:
        'Withdraw an assignment: the people it reached no longer have it (unless another assignment gives it them)',
      access: 'admin',
      status: 204,
      errors: [400, 404],
    },
    {
      ...TRAINING_CALLS.completionReport,
      summary:
        'Course × people: a page as JSON (X-Total-Count), or every row as CSV (UTF-8 with BOM, formula cells as text) or XLSX with format=csv|xlsx, headers and statuses in the language of lang or the administrator',
      access: 'admin',
      errors: [400],
    },
    {
      ...TRAINING_CALLS.complianceReport,
      summary:
        'Per group and course (and for everyone assigned, groupId null): how many are assigned, completed by the due date, overdue',
      access: 'admin',
      errors: [400],
    },
  ]),
  ...tagged('Quizzes', [
    {
      ...QUIZ_CALLS.listQuestions,
      summary:
        "A course's question bank (administrators): each question's current version, its option ids, oldest first; format=gift: the bank as a GIFT file (text/plain) in lang (default the requester's), which the import reads back",
      access: 'admin',
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.importQuestions,
      summary:
        "Import questions from a GIFT file (Moodle's format: single, multiple with weights, true/false, short answer, matching by position as ordering) in the requester's language: every question as parsed and every line's translated error; nothing stored on a dry run (the default) or when any line fails; 413 over 2 MB",
      access: 'admin',
      maxFileBytes: QUIZ_LIMITS.importBytesMax,
      errors: [400, 404, 413],
    },
    {
      ...QUIZ_CALLS.createQuestion,
      summary:
        'Add a question to the bank: single, multiple (weights: partial credit), true_false, short_answer (matched without regard to case and accents) or ordering; texts and feedback per language, tags; at most 50 options',
      access: 'admin',
      status: 201,
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.updateQuestion,
      summary:
        'Change a question: a new version when an attempt showed the current one (old attempts keep theirs and their score)',
      access: 'admin',
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.deleteQuestion,
      summary: 'Take a question out of the bank; the attempts that showed it keep its versions',
      access: 'admin',
      status: 204,
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.getQuizSettings,
      summary:
        "A quiz lesson's settings: draw (all, N at random, N per tag), pass mark, attempts, wait, time limit, shuffle, feedback; 404 for a lesson that is not a known quiz or, to learners, one of a draft course",
      access: 'user',
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.saveQuizSettings,
      summary: "Set a quiz lesson's settings; 404 for a lesson that is not a known quiz",
      access: 'admin',
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.startAttempt,
      summary:
        "Start an attempt (or resume the open one): the drawn questions in the learner's language with nothing of which answer is right; 409 attempts_exhausted, or wait_until with the time in the message and Retry-After",
      access: 'user',
      contentLanguage: true,
      status: 201,
      errors: [400, 404, 409],
    },
    {
      ...QUIZ_CALLS.myAttempts,
      summary: "The signed-in person's attempts at a quiz, with the attempts left and when the next may start",
      access: 'user',
      errors: [400, 404],
    },
    {
      ...QUIZ_CALLS.saveAnswers,
      summary:
        'Save answers as they are given (each replaces the earlier answer to its question); 400 for a question not in the attempt or an option not in the question, 409 attempt_closed once submitted or out of time',
      access: 'user',
      status: 204,
      errors: [400, 404, 409],
    },
    {
      ...QUIZ_CALLS.submitAttempt,
      summary:
        'Grade the attempt on the server with the answers saved (after the time limit: those saved in time), once: a second submission gets 409 attempt_closed',
      access: 'user',
      contentLanguage: true,
      errors: [400, 404, 409],
    },
    {
      ...QUIZ_CALLS.getAttempt,
      summary:
        "An attempt (the learner's own, or any for administrators): its questions and answers, and once submitted its score and the feedback its quiz allows",
      access: 'user',
      contentLanguage: true,
      errors: [400, 404],
    },
    {
      ...QUIZ_REPORT_CALLS.grantQuiz,
      summary:
        "Grant a learner an extra attempt at a quiz (it also lifts the wait) or record a pass for them (published as quiz.passed with recorded: true, so the course's completion by rule follows), with a required reason; both in the audit trail",
      access: 'admin',
      status: 201,
      errors: [400, 404],
    },
    {
      ...QUIZ_REPORT_CALLS.quizReport,
      summary:
        "A quiz's item analysis over its submitted attempts, per question version: how many answered, the share answered right, a choice question's most chosen wrong option; and a page (limit, offset) of the people who used every attempt allowed them without passing, with their attempts used and best score",
      access: 'admin',
      contentLanguage: true,
      errors: [400, 404],
    },
  ]),
  ...tagged('Session', [
    {
      method: 'get',
      path: SESSION_ALIVE_PATH,
      response: z.object({ signedIn: z.boolean() }),
      summary:
        "Whether the browser's session still exists, without moving its idle expiry: an open tab asks every 15 s, so that a session ended elsewhere shows within seconds",
      access: 'public',
    },
  ]),
  ...tagged('Account', [
    {
      method: 'get',
      path: '/api/user/export',
      binary: 'application/zip',
      summary:
        "Download my data: every service's records of the signed-in person, one ZIP (a JSON file per service, a CSV per table)",
      access: 'user',
      errors: [503],
    },
  ]),
];
