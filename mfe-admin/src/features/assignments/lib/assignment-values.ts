import { ApiError } from '@portal/contracts/errors';
import { type AssignmentRequest, assignmentRequestSchema } from '@portal/contracts/training';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { z } from 'zod/mini';

const DUE_KINDS = ['none', 'date', 'days'] as const;
export type DueKind = (typeof DUE_KINDS)[number];

const optionSchema = z.object({ id: z.string(), name: z.string() });

/** The assignment form as the administrator fills it in: the people and groups chosen, numbers and the date as typed. */
const valuesSchema = z.object({
  courseId: z.string(),
  people: z.array(optionSchema),
  groups: z.array(optionSchema),
  mandatory: z.boolean(),
  due: z.enum(DUE_KINDS),
  /** `yyyy-mm-dd`, from the date picker. */
  dueDate: z.string(),
  dueInDays: z.string(),
  repeat: z.boolean(),
  recurEveryMonths: z.string(),
});
export type AssignmentValues = z.infer<typeof valuesSchema>;

/** The form's fields a problem is shown under: each is a field of the values. */
export type ProblemField = 'courseId' | 'people' | 'due' | 'repeat';

export const emptyValues = (courseId = ''): AssignmentValues => ({
  courseId,
  people: [],
  groups: [],
  mandatory: true,
  due: 'none',
  dueDate: '',
  dueInDays: '',
  repeat: false,
  recurEveryMonths: '',
});

/** The request's fields and the form's field their problem is shown under. */
const FIELD_OF: Readonly<Record<string, ProblemField>> = {
  courseId: 'courseId',
  userIds: 'people',
  groupIds: 'people',
  dueAt: 'due',
  dueOn: 'due',
  dueInDays: 'due',
  recurEveryMonths: 'repeat',
};

/** The codes the form and the server give, each with its text; the others say the form could not be saved. */
const MESSAGES: Readonly<Record<string, string>> = {
  course_required: 'assignments.errors.courseRequired',
  id_invalid: 'assignments.errors.courseRequired',
  assignees_required: 'assignments.errors.assigneesRequired',
  too_many_users: 'assignments.errors.tooManyUsers',
  too_many_groups: 'assignments.errors.tooManyGroups',
  due_date_required: 'assignments.errors.dueDateRequired',
  due_date_past: 'assignments.errors.dueDatePast',
  due_in_days_invalid: 'assignments.errors.dueInDaysInvalid',
  recurrence_invalid: 'assignments.errors.recurrenceInvalid',
  course_unknown: 'assignments.errors.courseUnknown',
  course_draft: 'assignments.errors.courseDraft',
  user_unknown: 'assignments.errors.assigneesUnknown',
  group_unknown: 'assignments.errors.assigneesUnknown',
  assignees_unknown: 'assignments.errors.assigneesUnknown',
};

/** The codes that are about the course chosen, not the people. */
const COURSE_CODES = new Set(['course_unknown', 'course_draft']);

/** What a field's problem is when the code names none of ours (a number left empty, a fraction). */
const FIELD_MESSAGES: Readonly<Partial<Record<ProblemField, string>>> = {
  courseId: 'assignments.errors.courseRequired',
  due: 'assignments.errors.dueInDaysInvalid',
  repeat: 'assignments.errors.recurrenceInvalid',
};

/** The translation key of a problem's code, shown under `field`. */
const problemKey = (code: string, field?: ProblemField | 'root') =>
  MESSAGES[code] ?? (field && field !== 'root' ? FIELD_MESSAGES[field] : undefined) ?? 'assignments.errors.invalid';

/** A whole number as typed, or NaN (the contracts' schema then names the problem). */
const whole = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * The form's values checked with the contracts' request schema, each problem moved to the field it is shown under
 * (`root`: the whole form's), as the key of its text.
 * A date is due at the end of that day where the administrator is; the server ends it in the portal's time zone.
 */
export const assignmentFormSchema = z.pipe(
  valuesSchema,
  z.transform((values, context): AssignmentRequest => {
    const problem = (field: ProblemField | 'root', code: string) =>
      context.issues.push({ code: 'custom', input: values, path: [field], message: problemKey(code, field) });
    if (values.courseId === '') problem('courseId', 'course_required');
    let dueOn: string | undefined;
    if (values.due === 'date') {
      // This browser's end of the day only rules out a past day; the server decides in the portal's time zone.
      const end = new Date(`${values.dueDate}T23:59:59`);
      if (values.dueDate === '' || Number.isNaN(end.getTime())) problem('due', 'due_date_required');
      else if (end < new Date()) problem('due', 'due_date_past');
      else dueOn = values.dueDate;
    }
    const parsed = assignmentRequestSchema.safeParse({
      courseId: values.courseId,
      userIds: values.people.map((person) => person.id),
      groupIds: values.groups.map((group) => group.id),
      mandatory: values.mandatory,
      dueOn,
      dueInDays: values.due === 'days' ? whole(values.dueInDays) : undefined,
      recurEveryMonths: values.repeat ? whole(values.recurEveryMonths) : undefined,
    });
    const named = new Set(context.issues.map((issue) => issue.path?.[0]));
    for (const issue of parsed.error?.issues ?? []) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'root';
      if (!named.has(field)) {
        named.add(field);
        problem(field, issue.message);
      }
    }
    return parsed.success && context.issues.length === 0 ? parsed.data : z.NEVER;
  }),
);

/** What the server refused, as the keys of its texts: field by field where it names the field, else the form's. */
export function serverProblems(error: unknown): Partial<Record<ProblemField | 'root', string>> {
  if (error instanceof ApiError) {
    const problems: Partial<Record<ProblemField, string>> = {};
    for (const issue of error.issues ?? []) {
      const field = FIELD_OF[issue.path.split('.')[0] ?? ''];
      if (field) problems[field] ??= problemKey(issue.code, field);
    }
    if (Object.keys(problems).length > 0) return problems;
    if (MESSAGES[error.code]) return { [COURSE_CODES.has(error.code) ? 'courseId' : 'people']: problemKey(error.code) };
  }
  return { root: apiErrorKey(error, 'assignments.errors.saveFailed') };
}
