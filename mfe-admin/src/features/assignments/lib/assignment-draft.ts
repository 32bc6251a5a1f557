import { ApiError } from '@portal/contracts/errors';
import { type AssignmentRequest, assignmentRequestSchema } from '@portal/contracts/training';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import type { Option } from '../../../lib/training-options.ts';

export type DueKind = 'none' | 'date' | 'days';

/** The assignment form as the administrator fills it in: numbers and the date as typed. */
export interface AssignmentDraft {
  courseId: string;
  people: Option[];
  groups: Option[];
  mandatory: boolean;
  due: DueKind;
  /** `yyyy-mm-dd`, from the date picker. */
  dueDate: string;
  dueInDays: string;
  repeat: boolean;
  recurEveryMonths: string;
}

export const emptyDraft = (courseId = ''): AssignmentDraft => ({
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

/** The form's fields a problem is shown under. */
export type DraftField = 'course' | 'assignees' | 'due' | 'repeat' | 'form';

/** A problem's field and the key of its translated text. */
export type DraftIssues = Partial<Record<DraftField, string>>;

const FIELD_OF: Readonly<Record<string, DraftField>> = {
  courseId: 'course',
  userIds: 'assignees',
  groupIds: 'assignees',
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
const FIELD_MESSAGES: Readonly<Partial<Record<DraftField, string>>> = {
  course: 'assignments.errors.courseRequired',
  due: 'assignments.errors.dueInDaysInvalid',
  repeat: 'assignments.errors.recurrenceInvalid',
};

const message = (code: string, field?: DraftField) =>
  MESSAGES[code] ?? (field && FIELD_MESSAGES[field]) ?? 'assignments.errors.invalid';

/** A whole number as typed, or NaN (the schema then names the problem). */
const whole = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/**
 * The request the draft makes, checked with the contracts' schema; or what is wrong, field by field. The date is
 * due at the end of that day where the administrator is.
 */
export function draftRequest(
  draft: AssignmentDraft,
  now = new Date(),
): { request: AssignmentRequest; issues?: never } | { request?: never; issues: DraftIssues } {
  const issues: DraftIssues = {};
  if (draft.courseId === '') issues.course = message('course_required');
  let dueOn: string | undefined;
  if (draft.due === 'date') {
    // The server ends the day in the portal's time zone; this browser's end of it only rules out a past day.
    const end = new Date(`${draft.dueDate}T23:59:59`);
    if (draft.dueDate === '' || Number.isNaN(end.getTime())) issues.due = message('due_date_required');
    else if (end < now) issues.due = message('due_date_past');
    else dueOn = draft.dueDate;
  }
  const input = {
    courseId: draft.courseId,
    userIds: draft.people.map((person) => person.id),
    groupIds: draft.groups.map((group) => group.id),
    mandatory: draft.mandatory,
    dueOn,
    dueInDays: draft.due === 'days' ? whole(draft.dueInDays) : undefined,
    recurEveryMonths: draft.repeat ? whole(draft.recurEveryMonths) : undefined,
  };
  const parsed = assignmentRequestSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'form';
      issues[field] ??= message(issue.message, field);
    }
  }
  if (Object.keys(issues).length > 0 || !parsed.success) return { issues };
  return { request: parsed.data };
}

/** What the server refused, field by field where it names the field, translated. */
export function serverIssues(error: unknown): DraftIssues {
  if (error instanceof ApiError) {
    const issues: DraftIssues = {};
    for (const issue of error.issues ?? []) {
      const field = FIELD_OF[issue.path.split('.')[0] ?? ''] ?? 'form';
      issues[field] ??= message(issue.code, field);
    }
    if (Object.keys(issues).length > 0) return issues;
    if (MESSAGES[error.code]) return { [COURSE_CODES.has(error.code) ? 'course' : 'assignees']: message(error.code) };
  }
  return { form: apiErrorKey(error, 'assignments.errors.saveFailed') };
}
