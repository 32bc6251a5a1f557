import type { Language } from '@portal/contracts/languages';
import type { TrainingStatus } from '@portal/contracts/training';
import { type Kysely, sql } from 'kysely';
import type { TrainingDatabase } from './schema.ts';
import { statusSql, titleSql } from './status-sql.ts';
import { lockGroups, uuidArray } from './sql-values.ts';

export interface NewAssignment {
  id: string;
  courseId: string;
  userIds: string[];
  groupIds: string[];
  mandatory: boolean;
  dueAt: Date | null;
  dueInDays: number | null;
  recurEveryMonths: number | null;
  createdAt: Date;
  createdBy: string | null;
}

export interface StoredAssignment extends NewAssignment {
  courseTitle: string;
}

export interface MyAssignmentRow {
  course_id: string;
  course_title: string;
  mandatory: boolean;
  due_at: Date | null;
  status: TrainingStatus;
  completed_at: Date | null;
}

const LIST_MAX = 1_000;

export function assignmentsRepository(db: Kysely<TrainingDatabase>) {
  return {
    async course(courseId: string, language: Language): Promise<{ title: string; published: boolean } | undefined> {
      const row = await sql<{ title: string; published: boolean }>`select ${titleSql(language)} as title,
          c.published from courses c
        where c.course_id = ${courseId}::uuid`.execute(db);
      return row.rows[0];
    },

    /** Of the given ids, those the read model does not know. */
    async unknownTargets(userIds: string[], groupIds: string[]) {
      const users = userIds.length
        ? await db.selectFrom('people').select('user_id').where('user_id', 'in', userIds).execute()
        : [];
      const groups = groupIds.length
        ? await db.selectFrom('groups').select('group_id').where('group_id', 'in', groupIds).execute()
        : [];
      const knownUsers = new Set(users.map((row) => row.user_id));
      const knownGroups = new Set(groups.map((row) => row.group_id));
      return {
        userIds: userIds.filter((id) => !knownUsers.has(id)),
        groupIds: groupIds.filter((id) => !knownGroups.has(id)),
      };
    },

    /**
     * Keeps the assignment and whom it names, and materialises a row per person it reaches: each group's members
     * now (later joiners get theirs when they join), and the people named, with what they have done already.
     */
    async create(assignment: NewAssignment) {
      const { id, courseId, createdAt } = assignment;
      await lockGroups(db, assignment.groupIds);
      await db
        .insertInto('assignments')
        .values({
          id,
          course_id: courseId,
          mandatory: assignment.mandatory,
          due_at: assignment.dueAt,
          due_in_days: assignment.dueInDays,
          recur_every_months: assignment.recurEveryMonths,
          created_at: createdAt,
          created_by: assignment.createdBy,
        })
        .execute();
      const targets = [
        ...assignment.userIds.map((target_id) => ({ assignment_id: id, kind: 'user' as const, target_id })),
        ...assignment.groupIds.map((target_id) => ({ assignment_id: id, kind: 'group' as const, target_id })),
      ];
      await db.insertInto('assignment_targets').values(targets).execute();
      const dueAt =
        assignment.dueAt ?? (assignment.dueInDays === null ? null : addDays(createdAt, assignment.dueInDays));
      const progress = sql`(select started_at from participations s where s.user_id = r.user_id and s.course_id = ${courseId}::uuid),
        (select max(completed_at) from completions c where c.user_id = r.user_id and c.course_id = ${courseId}::uuid)`;
      const insert = sql`insert into assigned_people (assignment_id, user_id, course_id, person_name, mandatory,
        recur_every_months, assigned_at, due_at, direct, group_ids, started_at, completed_at)`;
      const common = sql`${id}::uuid, r.user_id, ${courseId}::uuid, coalesce(p.name, ''), ${assignment.mandatory},
        ${assignment.recurEveryMonths}::integer, ${createdAt}::timestamptz, ${dueAt}::timestamptz`;
      if (assignment.groupIds.length > 0) {
        await sql`${insert}
          select ${common}, false, r.group_ids, ${progress}
          from (select user_id, array_agg(group_id) as group_ids from group_members
                where group_id = any(${uuidArray(assignment.groupIds)}) group by user_id) r
          left join people p on p.user_id = r.user_id`.execute(db);
      }
      if (assignment.userIds.length > 0) {
        await sql`${insert}
          select ${common}, true, '{}'::uuid[], ${progress}
          from unnest(${uuidArray(assignment.userIds)}) as r(user_id)
          left join people p on p.user_id = r.user_id
          on conflict (assignment_id, user_id) do update set direct = true`.execute(db);
      }
    },

    async list(courseId: string | undefined, language: Language): Promise<StoredAssignment[]> {
      const forCourse = courseId === undefined ? sql`` : sql`where a.course_id = ${courseId}::uuid`;
      const rows = await sql<
        TrainingDatabase['assignments'] & {
          course_title: string;
          user_ids: string[] | null;
          group_ids: string[] | null;
        }
      >`select a.*, ${titleSql(language)} as course_title,
          (select array_agg(t.target_id order by t.target_id) from assignment_targets t
            where t.assignment_id = a.id and t.kind = 'user') as user_ids,
          (select array_agg(t.target_id order by t.target_id) from assignment_targets t
            where t.assignment_id = a.id and t.kind = 'group') as group_ids
        from assignments a left join courses c on c.course_id = a.course_id
        ${forCourse}
        order by a.created_at desc, a.id limit ${LIST_MAX}`.execute(db);
      return rows.rows.map((row) => ({
        id: row.id,
        courseId: row.course_id,
        courseTitle: row.course_title ?? '',
        userIds: row.user_ids ?? [],
        groupIds: row.group_ids ?? [],
        mandatory: row.mandatory,
        dueAt: row.due_at,
        dueInDays: row.due_in_days,
        recurEveryMonths: row.recur_every_months,
        createdAt: row.created_at,
        createdBy: row.created_by,
      }));
    },

    async find(id: string) {
      return db.selectFrom('assignments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async delete(id: string): Promise<boolean> {
      const deleted = await db.deleteFrom('assignments').where('id', '=', id).executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },

    /** A person's assigned courses (published ones), overdue and expired first, then the soonest due. */
    async mine(userId: string, language: Language, now: Date): Promise<MyAssignmentRow[]> {
      const rows = await sql<MyAssignmentRow>`select r.course_id, ${titleSql(language)} as course_title, r.mandatory,
          r.due_at, r.status, r.completed_at
        from (
          select course_id, bool_or(mandatory) as mandatory, min(due_at) as due_at,
            min(recur_every_months) as recur_every_months, max(started_at) as started_at,
            max(completed_at) as completed_at
          from assigned_people where user_id = ${userId}::uuid group by course_id
        ) a
        cross join lateral (select a.*, ${statusSql(now)} as status) r
        join courses c on c.course_id = r.course_id and c.published
        order by case r.status when 'overdue' then 0 when 'expired' then 1 when 'completed' then 3 else 2 end,
          r.due_at asc nulls last, course_title`.execute(db);
      return rows.rows;
    },
  };
}

function addDays(from: Date, days: number) {
  return new Date(from.getTime() + days * 24 * 60 * 60_000);
}
