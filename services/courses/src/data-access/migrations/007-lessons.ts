import type { Migration } from '@portal/kit/db';

/**
 * A course made of lessons (issue 45): the outline in order, each lesson's texts per language (one JSON object,
 * always read and written whole) and who viewed which lesson when.
 */
export const lessons: Migration = {
  id: '007-lessons',
  statements: [
    `create table lessons (
      id uuid primary key,
      course_id uuid not null references courses (id) on delete cascade,
      position integer not null check (position > 0),
      kind text not null check (kind in ('text', 'file', 'video', 'quiz')),
      default_language text not null,
      texts jsonb not null,
      file_id uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index lessons_outline on lessons (course_id, position)`,
    `create table lesson_views (
      user_id uuid not null,
      lesson_id uuid not null references lessons (id) on delete cascade,
      viewed_at timestamptz not null,
      primary key (user_id, lesson_id)
    )`,
    `create index lesson_views_lesson on lesson_views (lesson_id)`,
  ],
};
