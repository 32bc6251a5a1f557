import type { Migration } from '@portal/kit/db';

/** Courses as the courses service announces them, and who started and completed which (every completion kept). */
export const coursesAndProgress: Migration = {
  id: '002-courses-and-progress',
  statements: [
    `create table courses (
      course_id uuid primary key,
      titles jsonb not null,
      default_language text not null,
      published boolean not null,
      completion_proof text not null
    )`,
    `create table participations (
      user_id uuid not null,
      course_id uuid not null,
      started_at timestamptz not null,
      primary key (user_id, course_id)
    )`,
    `create table completions (
      user_id uuid not null,
      course_id uuid not null,
      completed_at timestamptz not null,
      primary key (user_id, course_id, completed_at)
    )`,
  ],
};
