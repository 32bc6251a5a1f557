import { z } from 'zod/mini';
import { languageSchema } from './languages.ts';
import { trainingStatusSchema } from './my-assignments.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

export const TRAINING_LIMITS = {
  usersPerAssignment: 1000,
  groupsPerAssignment: 100,
  dueInDaysMax: 3650,
  recurEveryMonthsMax: 120,
  reportPageMax: 200,
  searchMax: 100,
} as const;

const dueAtSchema = z.iso.datetime({ offset: true });
/** A calendar day (`YYYY-MM-DD`): due at its end in the portal's time zone. */
const dueOnSchema = z.iso.date();
const positiveInt = (maximum: number, code: string) =>
  z.number().check(z.int(code), z.gte(1, code), z.lte(maximum, code));

/**
 * `POST /api/assignments`: a course for people and groups, mandatory or recommended. The due date is absolute
 * (`dueAt`), a day (`dueOn`: its end in the portal's time zone, `REMINDER_TIME_ZONE`) or relative (`dueInDays` after the assignment, or after joining the group for those who join later);
 * `recurEveryMonths`: a completion expires after that many months and the course is due again.
 */
export const assignmentRequestSchema = z
  .object({
    courseId: uuidSchema,
    userIds: z.optional(z.array(uuidSchema).check(boundedTo(TRAINING_LIMITS.usersPerAssignment, 'too_many_users'))),
    groupIds: z.optional(z.array(uuidSchema).check(boundedTo(TRAINING_LIMITS.groupsPerAssignment, 'too_many_groups'))),
    dueAt: z.optional(dueAtSchema),
    dueOn: z.optional(dueOnSchema),
    dueInDays: z.optional(positiveInt(TRAINING_LIMITS.dueInDaysMax, 'due_in_days_invalid')),
    recurEveryMonths: z.optional(positiveInt(TRAINING_LIMITS.recurEveryMonthsMax, 'recurrence_invalid')),
    mandatory: z.boolean(),
  })
  .check(
    z.refine((input) => (input.userIds?.length ?? 0) + (input.groupIds?.length ?? 0) > 0, {
      message: 'assignees_required',
      path: ['userIds'],
    }),
    z.refine((input) => [input.dueAt, input.dueOn, input.dueInDays].filter((due) => due !== undefined).length <= 1, {
      message: 'due_date_twice',
      path: ['dueInDays'],
    }),
  );
export type AssignmentRequest = z.output<typeof assignmentRequestSchema>;

/** An assignment as administrators see it. */
export const assignmentSchema = z.object({
  id: uuidSchema,
  courseId: uuidSchema,
  courseTitle: z.string(),
  userIds: z.array(uuidSchema),
  groupIds: z.array(uuidSchema),
  mandatory: z.boolean(),
  dueAt: z.nullable(z.string()),
  dueInDays: z.nullable(z.number()),
  recurEveryMonths: z.nullable(z.number()),
  createdAt: z.string(),
  createdBy: z.nullable(uuidSchema),
});
export type Assignment = z.infer<typeof assignmentSchema>;

// The employee's own view is in a file of its own: the shared call table carries it, not the rest of this file.
export * from './my-assignments.ts';

const searchQuery = z.optional(
  lineTextSchema().check(z.trim(), boundedTo(TRAINING_LIMITS.searchMax, 'search_too_long')),
);

/** `includeLeavers=true`: people whose account was deactivated or deleted are in the figures too, marked. */
const includeLeaversQuery = z.optional(
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
);

/** An account's status as the reports show it; deactivated and deleted accounts are the leavers. */
export const ACCOUNT_STATUSES = ['active', 'pending', 'deactivated', 'deleted'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** `GET /api/reports/completions`: a course × people view, filtered; JSON pages, or every row as CSV or XLSX. */
export const completionReportQuerySchema = z.object({
  courseId: z.optional(uuidSchema),
  groupId: z.optional(uuidSchema),
  userId: z.optional(uuidSchema),
  includeLeavers: includeLeaversQuery,
  status: z.optional(trainingStatusSchema),
  q: searchQuery,
  format: z.optional(z.enum(['json', 'csv', 'xlsx'])),
  /** A CSV's delimiter; by default the one Excel expects in `lang`: a comma in English, else a semicolon. */
  delimiter: z.optional(z.enum(['comma', 'semicolon'])),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(TRAINING_LIMITS.reportPageMax))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000_000))),
  lang: z.optional(languageSchema),
});
export type CompletionReportQuery = z.output<typeof completionReportQuerySchema>;
/** The query as a page sends it (`includeLeavers: 'true'`). */
export type CompletionReportParams = z.input<typeof completionReportQuerySchema>;

/** One person and one course, assigned (`assignedAt`) or started or completed without an assignment (null). */
export const completionRowSchema = z.object({
  userId: uuidSchema,
  name: z.string(),
  email: z.string(),
  courseId: uuidSchema,
  courseTitle: z.string(),
  mandatory: z.boolean(),
  status: trainingStatusSchema,
  assignedAt: z.nullable(z.string()),
  dueAt: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  accountStatus: accountStatusSchema,
  /** The person's groups' names, alphabetical. */
  groups: z.array(z.string()),
  /**
   * The quizzes the latest completion rests on (a completion by rule), null without: the lowest score of its quizzes
   * (percent), the most attempts one of them took, and when the last was passed.
   */
  scorePercent: z.nullable(z.number()),
  attemptsUsed: z.nullable(z.number()),
  passedAt: z.nullable(z.string()),
});
export type CompletionRow = z.infer<typeof completionRowSchema>;

/** `GET /api/reports/compliance`: per group and course, how many of those assigned completed in time. */
export const complianceQuerySchema = z.object({
  courseId: z.optional(uuidSchema),
  groupId: z.optional(uuidSchema),
  includeLeavers: includeLeaversQuery,
  lang: z.optional(languageSchema),
});
export type ComplianceQuery = z.output<typeof complianceQuerySchema>;
export const complianceRowSchema = z.object({
  groupId: z.nullable(uuidSchema),
  groupName: z.nullable(z.string()),
  courseId: uuidSchema,
  courseTitle: z.string(),
  assigned: z.number(),
  completedInTime: z.number(),
  overdue: z.number(),
});
export type ComplianceRow = z.infer<typeof complianceRowSchema>;

export const assignmentListQuerySchema = z.object({ courseId: z.optional(uuidSchema) });
