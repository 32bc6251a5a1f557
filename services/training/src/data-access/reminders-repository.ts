import type { Language } from '@portal/contracts/languages';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { assignedPeopleSql, LEFT_ACCOUNT_STATUSES, overdueSql } from './figures-sql.ts';
import type { ReminderKind, TrainingDatabase } from './schema.ts';
import { uuidArray } from './sql-values.ts';

/** A reminder due to one person, with what its mail says. */
export interface DueReminder {
  assignment_id: string;
  user_id: string;
  kind: ReminderKind;
  /** The cycle's due date as the database writes it: the claim's key, given back as it came. */
  cycle: string;
  email: string;
  name: string;
  language: Language;
  course_id: string;
  course_title: string;
  mandatory: boolean;
  /** The due date the mail gives (none for an "assigned" mail of an assignment without one). */
  due_at: Date | null;
}

export interface OverdueCourse {
  course_id: string;
  titles: Partial<Record<Language, string>>;
  default_language: Language;
  people: number;
  /** Their first names, alphabetical, at most DIGEST_NAMES_MAX. */
  first_names: string[];
}

/** People who failed their last allowed attempt at a quiz of a course, as the digest names them. */
export type FollowUpCourse = OverdueCourse;

export interface Administrator {
  user_id: string;
  email: string;
  name: string;
  language: Language;
}

/** The "assigned" mail goes to whom an assignment reached in the last two days: not to everyone at a first start. */
const ASSIGNED_MAIL_WITHIN = sql`interval '2 days'`;
/** The "overdue" mail goes within a month of the due date; longer overdue is the administrators' digest's. */
const OVERDUE_MAIL_WITHIN = sql`interval '30 days'`;
const DIGEST_NAMES_MAX = 10;
/** A person's mails about a course come from one of their rows for it: the one due first (several assignments). */
const EARLIER_ROW = sql`select 1 from assigned_people o where o.user_id = r.user_id and o.course_id = r.course_id
  and (coalesce(o.due_at, 'infinity'), o.assignment_id) < (coalesce(r.due_at, 'infinity'), r.assignment_id)`;

/** Where a branch's scan stands: its index column's value and the row, in that order. */
export interface ScanPosition {
  at: Date;
  assignmentId: string;
  userId: string;
}

/**
 * A kind of reminder as one or more branches: a condition on an assigned row `r`, the cycle due date it reminds of,
 * and the column of the partial index it is read in order of (so that a pass in batches reads each row once). A
 * recurring course, once completed, is due again at the completion plus the recurrence ("due-again" before that,
 * "overdue" after); the shortest recurrence is a month, so `completed_at` alone bounds the rows the index gives.
 */
export interface ReminderBranch {
  kind: ReminderKind;
  where: RawBuilder<boolean>;
  cycle: RawBuilder<Date>;
  order: 'assigned_at' | 'due_at' | 'completed_at';
}

export function reminderBranches(now: Date, dueSoonDays: number): ReminderBranch[] {
  const at = sql`${now}::timestamptz`;
  const soon = sql`(${at} + ${dueSoonDays} * interval '1 day')`;
  const dueAgain = sql<Date>`(r.completed_at + make_interval(months => r.recur_every_months))`;
  return [
    {
      kind: 'assigned',
      where: sql`r.completed_at is null and r.assigned_at <= ${at} and r.assigned_at > ${at} - ${ASSIGNED_MAIL_WITHIN}`,
      cycle: sql`'epoch'::timestamptz`,
      order: 'assigned_at',
    },
    {
      kind: 'due-soon',
      where: sql`r.completed_at is null and r.due_at > ${at} and r.due_at <= ${soon}
        and r.assigned_at < r.due_at - ${dueSoonDays} * interval '1 day'`,
      cycle: sql`r.due_at`,
      order: 'due_at',
    },
    {
      kind: 'overdue',
      where: sql`r.completed_at is null and r.due_at <= ${at} and r.due_at > ${at} - ${OVERDUE_MAIL_WITHIN}
        and r.assigned_at < r.due_at`,
      cycle: sql`r.due_at`,
      order: 'due_at',
    },
    {
      kind: 'overdue',
      where: sql`r.recur_every_months is not null and r.completed_at <= ${at} - interval '1 month'
        and ${dueAgain} <= ${at} and ${dueAgain} > ${at} - ${OVERDUE_MAIL_WITHIN}`,
      cycle: dueAgain,
      order: 'completed_at',
    },
    {
      kind: 'due-again',
      where: sql`r.recur_every_months is not null and r.completed_at <= ${soon} - interval '1 month'
        and ${dueAgain} > ${at} and ${dueAgain} <= ${soon}`,
      cycle: dueAgain,
      order: 'completed_at',
    },
  ];
}

export function remindersRepository(db: Kysely<TrainingDatabase>) {
  return {
    /**
     * The next `limit` reminders of a branch not claimed yet, to active people on published courses, read after
     * `after` in the order of the branch's index; and where the read stopped (undefined: nothing more).
     */
    async due(
      branch: ReminderBranch,
      after: ScanPosition | undefined,
      limit: number,
    ): Promise<{ reminders: DueReminder[]; next: ScanPosition | undefined }> {
      const { kind, where, cycle } = branch;
      const order = sql.ref(`r.${branch.order}`);
      const from = after
        ? sql`and ${order} >= ${after.at}::timestamptz
          and (${order}, r.assignment_id, r.user_id) > (${after.at}::timestamptz, ${after.assignmentId}::uuid, ${after.userId}::uuid)`
        : sql``;
      const rows = await sql<DueReminder & { position: Date }>`select r.assignment_id, r.user_id, r.kind,
          r.cycle_due_at::text as cycle, p.email, p.name, p.language, r.course_id, r.mandatory, r.due_at, r.position,
          coalesce(c.titles ->> p.language, c.titles ->> c.default_language, '') as course_title
        from (
          select r.assignment_id, r.user_id, r.course_id, r.mandatory, ${order} as position, ${kind}::text as kind,
            ${cycle} as cycle_due_at, ${kind === 'assigned' ? sql`r.due_at` : cycle} as due_at
          from assigned_people r
          where ${where} ${from}
            and exists (select 1 from people p where p.user_id = r.user_id and p.status = 'active')
            and exists (select 1 from courses c where c.course_id = r.course_id and c.published)
            and not exists (${EARLIER_ROW})
            and not exists (select 1 from reminders_sent s where s.assignment_id = r.assignment_id
              and s.user_id = r.user_id and s.kind = ${kind} and s.cycle_due_at = ${cycle})
          order by ${order}, r.assignment_id, r.user_id
          limit ${limit}
        ) r
        join people p on p.user_id = r.user_id
        join courses c on c.course_id = r.course_id
        order by r.position, r.assignment_id, r.user_id`.execute(db);
      const last = rows.rows.at(-1);
      return {
        reminders: rows.rows,
        next:
          last && rows.rows.length === limit
            ? { at: last.position, assignmentId: last.assignment_id, userId: last.user_id }
            : undefined,
      };
    },

    /** Claims the reminders before they are sent: those another pass claimed first are not given back. */
    async claim(reminders: DueReminder[], now: Date): Promise<Set<string>> {
      if (reminders.length === 0) return new Set();
      const claimed = await sql<{ assignment_id: string; user_id: string; kind: ReminderKind }>`
        insert into reminders_sent (assignment_id, user_id, kind, cycle_due_at, sent_at)
        select k.assignment_id, k.user_id, k.kind, k.cycle_due_at, ${now}::timestamptz
        from unnest(${uuidArray(reminders.map((r) => r.assignment_id))}, ${uuidArray(reminders.map((r) => r.user_id))},
          array[${sql.join(reminders.map((r) => r.kind))}]::text[],
          array[${sql.join(reminders.map((r) => r.cycle))}]::timestamptz[]) as k(assignment_id, user_id, kind, cycle_due_at)
        on conflict do nothing
        returning assignment_id, user_id, kind`.execute(db);
      return new Set(claimed.rows.map(reminderKey));
    },

    /** Gives a claim back (its mail was not sent), so that the next pass tries again. */
    async release(reminder: DueReminder) {
      await sql`delete from reminders_sent where assignment_id = ${reminder.assignment_id}::uuid
        and user_id = ${reminder.user_id}::uuid and kind = ${reminder.kind}
        and cycle_due_at = ${reminder.cycle}::timestamptz`.execute(db);
    },

    /** Per course, the people overdue at `now` as the figures count them (as the reports do). */
    async overdueCourses(now: Date): Promise<OverdueCourse[]> {
      const rows = await sql<OverdueCourse>`select c.course_id, c.titles, c.default_language,
          count(*)::integer as people,
          (array_agg(o.first_name order by o.first_name))[1:${sql.lit(DIGEST_NAMES_MAX)}] as first_names
        from (
          select r.course_id, split_part(coalesce(p.name, ''), ' ', 1) as first_name
          from (${assignedPeopleSql({}, now)}) r
          left join people p on p.user_id = r.user_id
          where ${overdueSql('r')}
        ) o
        join courses c on c.course_id = o.course_id
        group by c.course_id, c.titles, c.default_language
        order by people desc, c.course_id`.execute(db);
      return rows.rows;
    },

    /**
     * Per course, who failed their last allowed attempt at one of its quizzes since the last digest (a digest of an
     * earlier day; all of them before the first) and has not passed it since: people who have not left, courses
     * published.
     */
    async followUpCourses(now: Date): Promise<FollowUpCourse[]> {
      const at = sql`${now}::timestamptz`;
      const left = sql.join(LEFT_ACCOUNT_STATUSES.map((status) => sql`${status}`));
      const rows = await sql<FollowUpCourse>`select c.course_id, c.titles, c.default_language,
          count(*)::integer as people,
          (array_agg(f.first_name order by f.first_name))[1:${sql.lit(DIGEST_NAMES_MAX)}] as first_names
        from (
          select distinct x.course_id, x.user_id, split_part(p.name, ' ', 1) as first_name
          from attempts_exhausted x
          join people p on p.user_id = x.user_id and p.status not in (${left})
          where x.exhausted_at <= ${at} and x.exhausted_at > coalesce((select max(d.sent_at) from digests_sent d
            where d.day < (${at} at time zone 'UTC')::date), '-infinity')
        ) f
        join courses c on c.course_id = f.course_id and c.published
        group by c.course_id, c.titles, c.default_language
        order by people desc, c.course_id`.execute(db);
      return rows.rows;
    },

    /** How many uploaded results wait for review. */
    async resultsWaiting(): Promise<number> {
      const row = await db
        .selectFrom('pending_results')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The active system administrators who have not had today's digest, each claimed as it is returned. */
    async claimDigests(now: Date): Promise<Administrator[]> {
      const rows = await sql<Administrator>`with claimed as (
          insert into digests_sent (user_id, day, sent_at)
          select user_id, (${now}::timestamptz at time zone 'UTC')::date, ${now}::timestamptz from people
          where is_sys_admin and status = 'active'
          on conflict do nothing
          returning user_id
        )
        select p.user_id, p.email, p.name, p.language from claimed join people p using (user_id)`.execute(db);
      return rows.rows;
    },

    async releaseDigest(userId: string, now: Date) {
      await sql`delete from digests_sent where user_id = ${userId}::uuid
        and day = (${now}::timestamptz at time zone 'UTC')::date`.execute(db);
    },
  };
}

export const reminderKey = (reminder: { assignment_id: string; user_id: string; kind: string }) =>
  `${reminder.assignment_id} ${reminder.user_id} ${reminder.kind}`;
