import { type RawBuilder, sql } from 'kysely';
import { statusSql } from './status-sql.ts';

/**
 * The one definition of the figures that reports, exports and the administrators' digest give. A person counts as
 * assigned to a course when an assignment reaches them, the course is published and their account has not left
 * (deactivated, or deleted with its records kept); leavers are read only when asked for, marked by their account
 * status. Several assignments of a course to a person are one person and course. Overdue: past the due date and
 * not completed, or completed and the recurrence run out (`OVERDUE_STATUSES`).
 */
export const LEFT_ACCOUNT_STATUSES = ['deactivated', 'deleted'] as const;
export const OVERDUE_STATUSES = ['overdue', 'expired'] as const;

export interface FiguresFilter {
  courseId?: string | undefined;
  groupId?: string | undefined;
  userId?: string | undefined;
  /** Leavers' rows too (each with its account status). */
  includeLeavers?: boolean | undefined;
}

/** Where a keyset read starts: after this person and course in (course, name, person) order. */
export interface FiguresCursor {
  courseId: string;
  personName: string;
  userId: string;
}

const leftSql = sql.join(LEFT_ACCOUNT_STATUSES.map((status) => sql`${status}`));

/** Whether a row of `assignedPeople` is overdue in the figures' sense. */
export const overdueSql = (alias: string) =>
  sql<boolean>`${sql.ref(`${alias}.status`)} in (${sql.join(OVERDUE_STATUSES.map((status) => sql`${status}`))})`;

/** The rows of `alias` for the filters, after `after` in the course index's order. */
function filtered(alias: string, filter: FiguresFilter, after: FiguresCursor | undefined): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (filter.courseId) where.push(sql`${column('course_id')} = ${filter.courseId}::uuid`);
  if (filter.userId) where.push(sql`${column('user_id')} = ${filter.userId}::uuid`);
  if (filter.groupId) {
    where.push(
      sql`${column('user_id')} in (select m.user_id from group_members m where m.group_id = ${filter.groupId}::uuid)`,
    );
  }
  if (after) {
    where.push(
      sql`(${column('course_id')}, ${column('person_name')}, ${column('user_id')})
        > (${after.courseId}::uuid, ${after.personName}, ${after.userId}::uuid)`,
    );
  }
  return sql.join(where, sql` and `);
}

/**
 * Whether a person and course of `alias` counts: the course published, the person not a leaver (unless asked for).
 * Asked of each row once grouped, so that the rows are still read in the index's order, a batch at a time.
 */
function counts(alias: string, filter: FiguresFilter): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const published = sql`exists (select 1 from courses c where c.course_id = ${column('course_id')} and c.published)`;
  if (filter.includeLeavers) return published;
  return sql`${published}
    and not exists (select 1 from people p where p.user_id = ${column('user_id')} and p.status in (${leftSql}))`;
}

/**
 * One row per person and course that counts (see above), in the course index's order: the columns of their
 * assigned rows taken together, `direct` when one of the assignments names them, `status` at `now`.
 */
export function assignedPeopleSql(filter: FiguresFilter, now: Date, after?: FiguresCursor): RawBuilder<unknown> {
  return sql`select a.*, true as assigned, ${statusSql(now)} as status from (
      select ap.course_id, ap.person_name, ap.user_id, bool_or(ap.mandatory) as mandatory,
        bool_or(ap.direct) as direct, min(ap.assigned_at) as assigned_at, min(ap.due_at) as due_at,
        min(ap.recur_every_months) as recur_every_months, max(ap.started_at) as started_at,
        max(ap.completed_at) as completed_at
      from assigned_people ap
      where ${filtered('ap', filter, after)}
      group by ap.course_id, ap.person_name, ap.user_id
    ) a
    where ${counts('a', filter)}`;
}

/**
 * Beside the assigned people in the report: those who started or completed a course nobody assigned them (no
 * assignment date, no due date), in the course index's order.
 */
export function voluntaryPeopleSql(filter: FiguresFilter, now: Date, after?: FiguresCursor): RawBuilder<unknown> {
  return sql`select v.*, false as assigned, ${statusSql(now)} as status from (
      select cp.course_id, cp.person_name, cp.user_id, false as mandatory, false as direct,
        null::timestamptz as assigned_at, null::timestamptz as due_at, null::integer as recur_every_months,
        cp.started_at, cp.completed_at
      from course_progress cp
      where ${filtered('cp', filter, after)} and ${counts('cp', filter)}
        and not exists (select 1 from assigned_people ap where ap.user_id = cp.user_id and ap.course_id = cp.course_id)
    ) v`;
}
