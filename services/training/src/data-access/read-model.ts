import type {
  ResultUploaded,
  CompletionRecorded,
  CourseChanged,
  GroupMemberAdded,
  ParticipationStarted,
  QuizAttemptsExhausted,
  QuizPassed,
  UserChanged,
} from '@portal/contracts/events';
import { type Kysely, sql } from 'kysely';
import type { TrainingDatabase } from './schema.ts';
import { lockGroups } from './sql-values.ts';

/**
 * The read model the other services' events keep: each write is an upsert of the latest state, so a redelivered
 * or replayed event changes nothing. Progress is also copied onto the person's assigned rows, where statuses are read.
 */
export function readModel(db: Kysely<TrainingDatabase>) {
  /** Takes a group off the sources of a person's (or everyone's) assigned rows; rows with no source left go. */
  async function dropGroupSource(groupId: string, userId?: string) {
    const forUser = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
    await sql`update assigned_people set group_ids = array_remove(group_ids, ${groupId}::uuid)
      where ${groupId}::uuid = any(group_ids) ${forUser}`.execute(db);
    await sql`delete from assigned_people where not direct and cardinality(group_ids) = 0 ${forUser}`.execute(db);
  }

  return {
    async userChanged(user: UserChanged) {
      const values = {
        user_id: user.userId,
        name: user.name,
        email: user.email,
        language: user.language,
        status: user.status,
        is_sys_admin: user.isSysAdmin,
        updated_at: new Date(),
      };
      await db
        .insertInto('people')
        .values(values)
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
      for (const table of ['assigned_people', 'course_progress'] as const) {
        await db
          .updateTable(table)
          .set({ person_name: user.name })
          .where('user_id', '=', user.userId)
          .where('person_name', '<>', user.name)
          .execute();
      }
    },

    /**
     * A deleted account whose training records the company keeps: name and e-mail go, assignments, starts and
     * completions stay (the reports say "Deleted account"); it is in no group and named by no assignment any more.
     */
    async userAnonymised(userId: string) {
      await db
        .updateTable('people')
        .set({ name: '', email: '', status: 'deleted' })
        .where('user_id', '=', userId)
        .execute();
      for (const table of ['assigned_people', 'course_progress'] as const) {
        await db.updateTable(table).set({ person_name: '' }).where('user_id', '=', userId).execute();
      }
      await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
      await db.deleteFrom('result_mails').where('user_id', '=', userId).execute();
      // The courses service removes a deleted person's results whatever it keeps of them.
      await db.deleteFrom('pending_results').where('user_id', '=', userId).execute();
      // Nobody follows up a deleted account; its completions keep their evidence.
      await db.deleteFrom('attempts_exhausted').where('user_id', '=', userId).execute();
      await db.deleteFrom('assignment_targets').where('kind', '=', 'user').where('target_id', '=', userId).execute();
      await db.updateTable('assignments').set({ created_by: null }).where('created_by', '=', userId).execute();
    },

    async userDeleted(userId: string) {
      for (const table of [
        'people',
        'group_members',
        'participations',
        'completions',
        'assigned_people',
        'course_progress',
        'result_mails',
        'pending_results',
        'completion_quizzes',
        'attempts_exhausted',
      ] as const) {
        await db.deleteFrom(table).where('user_id', '=', userId).execute();
      }
      await db.deleteFrom('assignment_targets').where('kind', '=', 'user').where('target_id', '=', userId).execute();
      await db.updateTable('assignments').set({ created_by: null }).where('created_by', '=', userId).execute();
    },

    async groupChanged(groupId: string, name: string) {
      await db
        .insertInto('groups')
        .values({ group_id: groupId, name })
        .onConflict((conflict) => conflict.column('group_id').doUpdateSet({ name }))
        .execute();
    },

    async groupDeleted(groupId: string) {
      await lockGroups(db, [groupId]);
      await dropGroupSource(groupId);
      await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
      await db.deleteFrom('assignment_targets').where('kind', '=', 'group').where('target_id', '=', groupId).execute();
      await db.deleteFrom('groups').where('group_id', '=', groupId).execute();
    },

    /** A member gets the group's assignments; a relative due date counts from joining when they joined later. */
    async memberAdded({ groupId, userId, joinedAt }: GroupMemberAdded) {
      const joined = new Date(joinedAt);
      await lockGroups(db, [groupId]);
      await db
        .insertInto('group_members')
        .values({ group_id: groupId, user_id: userId, joined_at: joined })
        .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
        .execute();
      const member = await db
        .selectFrom('group_members')
        .select('joined_at')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const since = member.joined_at;
      await sql`insert into assigned_people (assignment_id, user_id, course_id, person_name, mandatory,
          recur_every_months, assigned_at, due_at, direct, group_ids, started_at, completed_at)
        select a.id, ${userId}::uuid, a.course_id, coalesce(p.name, ''), a.mandatory, a.recur_every_months,
          greatest(a.created_at, ${since}::timestamptz),
          coalesce(a.due_at, greatest(a.created_at, ${since}::timestamptz) + a.due_in_days * interval '1 day'),
          false, array[${groupId}::uuid],
          (select started_at from participations s where s.user_id = ${userId}::uuid and s.course_id = a.course_id),
          (select max(completed_at) from completions c where c.user_id = ${userId}::uuid and c.course_id = a.course_id)
        from assignment_targets t
        join assignments a on a.id = t.assignment_id
        left join people p on p.user_id = ${userId}::uuid
        where t.kind = 'group' and t.target_id = ${groupId}::uuid
        on conflict (assignment_id, user_id) do update set
          group_ids = case when ${groupId}::uuid = any(assigned_people.group_ids) then assigned_people.group_ids
            else array_append(assigned_people.group_ids, ${groupId}::uuid) end,
          due_at = least(assigned_people.due_at, excluded.due_at)`.execute(db);
    },

    /** What came to the person only through this group goes with their leaving it. */
    async memberRemoved(groupId: string, userId: string) {
      await lockGroups(db, [groupId]);
      await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
      await dropGroupSource(groupId, userId);
    },

    async courseChanged(course: CourseChanged) {
      const values = {
        course_id: course.courseId,
        titles: JSON.stringify(course.titles),
        default_language: course.defaultLanguage,
        published: course.published,
        completion_proof: course.completionProof,
      };
      await db
        .insertInto('courses')
        .values(values)
        .onConflict((conflict) => conflict.column('course_id').doUpdateSet(values))
        .execute();
    },

    /** A deleted course takes its assignments (and their rows) and the progress made in it along. */
    async courseDeleted(courseId: string) {
      for (const table of [
        'assignments',
        'participations',
        'completions',
        'course_progress',
        'result_mails',
        'pending_results',
        'completion_quizzes',
        'attempts_exhausted',
      ] as const) {
        await db.deleteFrom(table).where('course_id', '=', courseId).execute();
      }
      await db.deleteFrom('courses').where('course_id', '=', courseId).execute();
    },

    /** A result waits for review (once, however often the event comes). */
    async resultUploaded({ resultId, userId, courseId, uploadedAt }: ResultUploaded) {
      await db
        .insertInto('pending_results')
        .values({ result_id: resultId, user_id: userId, course_id: courseId, uploaded_at: new Date(uploadedAt) })
        .onConflict((conflict) => conflict.column('result_id').doNothing())
        .execute();
    },

    /** A result was reviewed or removed: it no longer waits. */
    async resultNoLongerPending(resultId: string) {
      await db.deleteFrom('pending_results').where('result_id', '=', resultId).execute();
    },

    async participationStarted({ userId, courseId, startedAt }: ParticipationStarted) {
      const started = new Date(startedAt);
      await db
        .insertInto('participations')
        .values({ user_id: userId, course_id: courseId, started_at: started })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'course_id'])
            .doUpdateSet({ started_at: sql`least(participations.started_at, excluded.started_at)` }),
        )
        .execute();
      await sql`update assigned_people set started_at = least(coalesce(started_at, ${started}::timestamptz), ${started}::timestamptz)
        where user_id = ${userId}::uuid and course_id = ${courseId}::uuid`.execute(db);
      await sql`insert into course_progress (user_id, course_id, person_name, started_at)
        values (${userId}::uuid, ${courseId}::uuid,
          coalesce((select name from people where user_id = ${userId}::uuid), ''), ${started}::timestamptz)
        on conflict (user_id, course_id) do update
          set started_at = least(coalesce(course_progress.started_at, excluded.started_at), excluded.started_at)`.execute(
        db,
      );
    },

    /**
     * Every completion is kept (recurring courses are completed again) with the passed quizzes it rests on; the
     * assigned rows carry the latest.
     */
    async completionRecorded({ userId, courseId, completedAt, evidence = [] }: CompletionRecorded) {
      const completed = new Date(completedAt);
      await db
        .insertInto('completions')
        .values({ user_id: userId, course_id: courseId, completed_at: completed })
        .onConflict((conflict) => conflict.columns(['user_id', 'course_id', 'completed_at']).doNothing())
        .execute();
      if (evidence.length > 0)
        await db
          .insertInto('completion_quizzes')
          .values(
            evidence.map((quiz) => ({
              user_id: userId,
              course_id: courseId,
              completed_at: completed,
              lesson_id: quiz.lessonId,
              attempt_id: quiz.attemptId,
              score_percent: quiz.scorePercent,
              attempts_used: quiz.attemptsUsed,
              passed_at: new Date(quiz.passedAt),
            })),
          )
          .onConflict((conflict) => conflict.columns(['user_id', 'course_id', 'completed_at', 'lesson_id']).doNothing())
          .execute();
      await sql`update assigned_people set completed_at = greatest(coalesce(completed_at, ${completed}::timestamptz), ${completed}::timestamptz)
        where user_id = ${userId}::uuid and course_id = ${courseId}::uuid`.execute(db);
      await sql`insert into course_progress (user_id, course_id, person_name, completed_at)
        values (${userId}::uuid, ${courseId}::uuid,
          coalesce((select name from people where user_id = ${userId}::uuid), ''), ${completed}::timestamptz)
        on conflict (user_id, course_id) do update
          set completed_at = greatest(course_progress.completed_at, excluded.completed_at)`.execute(db);
    },

    /** Someone failed their last allowed attempt at a quiz lesson: kept (the latest) until they pass it. */
    async quizAttemptsExhausted(exhausted: QuizAttemptsExhausted) {
      const values = {
        user_id: exhausted.userId,
        lesson_id: exhausted.lessonId,
        course_id: exhausted.courseId,
        attempt_id: exhausted.attemptId,
        score_percent: exhausted.scorePercent,
        attempts_used: exhausted.attemptsUsed,
        exhausted_at: new Date(exhausted.exhaustedAt),
      };
      await db
        .insertInto('attempts_exhausted')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'lesson_id'])
            .doUpdateSet(values)
            .where('attempts_exhausted.exhausted_at', '<', values.exhausted_at),
        )
        .execute();
    },

    /** A pass (an attempt granted afterwards, or a pass recorded) leaves nobody to follow up at that quiz. */
    async quizPassed({ userId, lessonId, passedAt }: QuizPassed) {
      await db
        .deleteFrom('attempts_exhausted')
        .where('user_id', '=', userId)
        .where('lesson_id', '=', lessonId)
        .where('exhausted_at', '<=', new Date(passedAt))
        .execute();
    },
  };
}
