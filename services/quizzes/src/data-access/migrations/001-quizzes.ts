import type { Migration } from '@portal/kit/db';

/**
 * The read model of courses and quiz lessons, the question bank (each question's versions kept: an attempt pins
 * the versions it showed) and the attempts (their draw's seed, what they showed, the answers saved as they go).
 */
export const quizzes: Migration = {
  id: '001-quizzes',
  statements: [
    `create table courses (course_id uuid primary key, published boolean not null)`,
    `create table quiz_lessons (
      lesson_id uuid primary key,
      course_id uuid not null,
      settings jsonb not null
    )`,
    `create index quiz_lessons_course on quiz_lessons (course_id)`,
    `create table questions (
      question_id uuid primary key,
      course_id uuid not null,
      version integer not null,
      type text not null,
      tags text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted boolean not null default false
    )`,
    `create index questions_course on questions (course_id, created_at) where not deleted`,
    `create table question_versions (
      question_id uuid not null references questions on delete cascade,
      version integer not null,
      content jsonb not null,
      option_ids text[] not null,
      used boolean not null default false,
      primary key (question_id, version)
    )`,
    `create table attempts (
      attempt_id uuid primary key,
      lesson_id uuid not null,
      course_id uuid not null,
      user_id uuid not null,
      seed bigint not null,
      shown jsonb not null,
      answers jsonb not null default '{}',
      started_at timestamptz not null,
      ends_at timestamptz,
      submitted_at timestamptz,
      score_percent double precision,
      passed boolean
    )`,
    `create index attempts_learner on attempts (user_id, lesson_id, started_at)`,
    `create index attempts_lesson on attempts (lesson_id)`,
    `create index attempts_course on attempts (course_id)`,
  ],
};
