import type { Language } from '@portal/contracts/languages';
import type { PersonalData } from '@portal/kit/personal-data';
import { serviceTexts } from '@portal/kit/texts';
import { sql } from 'kysely';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/** A course's title in the person's language where the course has it, else in its own language. */
const titleOf = (courseId: ReturnType<typeof sql.ref>, language: Language) => sql<string>`(select t.title
  from courses c join course_texts t on t.course_id = c.id
  where c.id = ${courseId}
    and t.language = case when ${language}::text = any(c.languages) then ${language}::text else c.default_language end)`;

/** What the courses service keeps about a person: the courses they wrote, took part in and completed, the results they uploaded and the lessons they viewed. */
export const personalData: PersonalData = {
  tables: {
    courses: { userColumn: 'created_by' },
    participations: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select p.course_id, ${titleOf(sql.ref('p.course_id'), language)} as course_title,
          p.user_id, p.started_at, p.completed_at
        from participations p where p.user_id = ${userId} order by p.started_at`,
    },
    completions: {
      userColumn: 'user_id',
      readable: (
        userId,
        language,
      ) => sql`select p.course_id, ${titleOf(sql.ref('p.course_id'), language)} as course_title,
          p.user_id, p.completed_at, p.evidence
        from completions p where p.user_id = ${userId} order by p.completed_at`,
    },
    course_results: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select r.id, r.course_id,
          ${titleOf(sql.ref('r.course_id'), language)} as course_title, r.user_id, r.file_name, r.file_type,
          r.file_size, r.status, r.uploaded_at, r.reviewed_at, r.reviewed_by, r.review_comment
        from course_results r where r.user_id = ${userId} and r.status <> 'uploading' order by r.uploaded_at`,
    },
    lesson_views: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select l.course_id,
          ${titleOf(sql.ref('l.course_id'), language)} as course_title, v.lesson_id,
          coalesce(l.texts -> ${language}::text ->> 'title', l.texts -> l.default_language ->> 'title') as lesson_title,
          v.user_id, v.viewed_at
        from lesson_views v join lessons l on l.id = v.lesson_id
        where v.user_id = ${userId} order by v.viewed_at`,
    },
    quiz_passes: {
      userColumn: 'user_id',
      readable: (userId, language) => sql`select q.course_id,
          ${titleOf(sql.ref('q.course_id'), language)} as course_title, q.lesson_id,
          coalesce(l.texts -> ${language}::text ->> 'title', l.texts -> l.default_language ->> 'title') as lesson_title,
          q.user_id, q.attempt_id, q.score_percent, q.attempts_used, q.passed_at, q.recorded
        from quiz_passes q join lessons l on l.id = q.lesson_id
        where q.user_id = ${userId} order by q.passed_at`,
    },
  },
  texts: serviceTexts('courses', { en, fr, de, it, rm }),
};
