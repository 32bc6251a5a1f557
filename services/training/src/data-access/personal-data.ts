import type { Language } from '@portal/contracts/languages';
import type { PersonalData } from '@portal/kit/personal-data';
import { serviceTexts } from '@portal/kit/texts';
import { sql } from 'kysely';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/** A course's title in the person's language where the read model has it, else in the course's own. */
const titleOf = (courseId: ReturnType<typeof sql.ref>, language: Language) =>
  sql<string>`(select coalesce(c.titles ->> ${language}::text, c.titles ->> c.default_language)
    from courses c where c.course_id = ${courseId})`;

/** What the training service knows of a person: their directory entry, groups, progress and assignments. */
export const personalData: PersonalData = {
  tables: {
    people: { userColumn: 'user_id' },
    group_members: {
      userColumn: 'user_id',
      readable: (userId) => sql`select m.group_id, g.name as group_name, m.user_id, m.joined_at
        from group_members m left join groups g on g.group_id = m.group_id where m.user_id = ${userId}
        order by g.name`,
    },
    participations: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select p.course_id, ${titleOf(sql.ref('p.course_id'), language)} as course_title,
          p.user_id, p.started_at
        from participations p where p.user_id = ${userId} order by p.started_at`,
    },
    completions: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select p.course_id, ${titleOf(sql.ref('p.course_id'), language)} as course_title,
          p.user_id, p.completed_at
        from completions p where p.user_id = ${userId} order by p.completed_at`,
    },
    course_progress: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select p.course_id, ${titleOf(sql.ref('p.course_id'), language)} as course_title,
          p.user_id, p.person_name, p.started_at, p.completed_at
        from course_progress p where p.user_id = ${userId} order by p.started_at`,
    },
    assigned_people: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select r.assignment_id, r.course_id,
          ${titleOf(sql.ref('r.course_id'), language)} as course_title, r.user_id, r.person_name, r.mandatory,
          r.recur_every_months, r.assigned_at, r.due_at, r.direct, r.group_ids,
          (select coalesce(array_agg(g.name order by g.name), '{}') from groups g where g.group_id = any(r.group_ids))
            as group_names,
          r.started_at, r.completed_at
        from assigned_people r where r.user_id = ${userId} order by r.assigned_at`,
    },
    assignments: { userColumn: 'created_by' },
    // The "assigned" mail goes once whatever the due date: its cycle is stored as the epoch, shown as none.
    reminders_sent: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select s.assignment_id, s.user_id, s.kind,
          case when s.kind = 'assigned' then null else s.cycle_due_at end as cycle_due_at, s.sent_at,
          (select ${titleOf(sql.ref('r.course_id'), language)} from assigned_people r
            where r.assignment_id = s.assignment_id and r.user_id = s.user_id) as course_title
        from reminders_sent s where s.user_id = ${userId} order by s.sent_at`,
    },
    digests_sent: { userColumn: 'user_id' },
    result_mails: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select m.result_id, m.course_id,
          ${titleOf(sql.ref('m.course_id'), language)} as course_title, m.user_id, m.decision, m.comment,
          m.reviewed_at, m.sent_at
        from result_mails m where m.user_id = ${userId} order by m.reviewed_at`,
    },
    pending_results: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select r.result_id, r.course_id,
          ${titleOf(sql.ref('r.course_id'), language)} as course_title, r.user_id, r.uploaded_at
        from pending_results r where r.user_id = ${userId} order by r.uploaded_at`,
    },
    completion_quizzes: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select q.course_id, ${titleOf(sql.ref('q.course_id'), language)} as course_title,
          q.user_id, q.completed_at, q.lesson_id, q.attempt_id, q.score_percent, q.attempts_used, q.passed_at
        from completion_quizzes q where q.user_id = ${userId} order by q.completed_at, q.passed_at`,
    },
    attempts_exhausted: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select x.course_id, ${titleOf(sql.ref('x.course_id'), language)} as course_title,
          x.user_id, x.lesson_id, x.attempt_id, x.score_percent, x.attempts_used, x.exhausted_at
        from attempts_exhausted x where x.user_id = ${userId} order by x.exhausted_at`,
    },
  },
  texts: serviceTexts('training', { en, fr, de, it, rm }),
};
