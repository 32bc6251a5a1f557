import type { Migration } from '@portal/kit/db';

/**
 * Completion by rule (issue 45, decision 0066): what else a course's completion requires (none for every existing
 * course: they keep their behaviour), each learner's first passed attempt at a quiz lesson, and the evidence a
 * completion by rule was recorded with.
 */
export const completionByRule: Migration = {
  id: '008-completion-by-rule',
  statements: [
    `alter table courses add column completion_requires text[] not null default '{}'`,
    `create table quiz_passes (
      user_id uuid not null,
      lesson_id uuid not null references lessons (id) on delete cascade,
      course_id uuid not null references courses (id) on delete cascade,
      attempt_id uuid not null,
      score_percent double precision not null,
      attempts_used integer not null,
      passed_at timestamptz not null,
      primary key (user_id, lesson_id)
    )`,
    `create index quiz_passes_course on quiz_passes (course_id, user_id)`,
    `alter table completions add column evidence jsonb`,
  ],
};
