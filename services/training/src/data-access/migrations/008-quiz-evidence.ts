import type { Migration } from '@portal/kit/db';

/**
 * What the quizzes tell the reports and the digest. `completion_quizzes`: the passing attempts a completion by rule
 * rests on, one row per completion and quiz lesson (a completion without quizzes has none). `attempts_exhausted`:
 * who failed the last attempt they were allowed at a quiz lesson, one row per person and lesson, until they pass it.
 */
export const quizEvidence: Migration = {
  id: '008-quiz-evidence',
  statements: [
    `create table completion_quizzes (
      user_id uuid not null,
      course_id uuid not null,
      completed_at timestamptz not null,
      lesson_id uuid not null,
      attempt_id uuid not null,
      score_percent double precision not null,
      attempts_used integer not null,
      passed_at timestamptz not null,
      primary key (user_id, course_id, completed_at, lesson_id)
    )`,
    `create index completion_quizzes_course on completion_quizzes (course_id)`,
    `create table attempts_exhausted (
      user_id uuid not null,
      lesson_id uuid not null,
      course_id uuid not null,
      attempt_id uuid not null,
      score_percent double precision not null,
      attempts_used integer not null,
      exhausted_at timestamptz not null,
      primary key (user_id, lesson_id)
    )`,
    `create index attempts_exhausted_at on attempts_exhausted (exhausted_at)`,
    `create index attempts_exhausted_course on attempts_exhausted (course_id)`,
  ],
};
