import type { Migration } from '@portal/kit/db';

/**
 * Administrators' grants to one learner at a quiz lesson (issue 45): an extra attempt, or a pass recorded without
 * one, each with its reason.
 */
export const quizGrants: Migration = {
  id: '002-quiz-grants',
  statements: [
    `create table quiz_grants (
      grant_id uuid primary key,
      lesson_id uuid not null,
      course_id uuid not null,
      user_id uuid not null,
      kind text not null,
      reason text not null,
      granted_at timestamptz not null
    )`,
    `create index quiz_grants_learner on quiz_grants (lesson_id, user_id)`,
    `create index quiz_grants_course on quiz_grants (course_id)`,
    `create index quiz_grants_user on quiz_grants (user_id)`,
  ],
};
