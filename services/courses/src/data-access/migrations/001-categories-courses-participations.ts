import type { Migration } from '@portal/kit/db';

export const categoriesCoursesParticipations: Migration = {
  id: '001-categories-courses-participations',
  statements: [
    `create extension if not exists pg_trgm`,
    `create table categories (
      id uuid primary key,
      name text not null,
      created_at timestamptz not null default now()
    )`,
    `create unique index categories_name_lower on categories (lower(name))`,
    `create table courses (
      id uuid primary key,
      title text not null,
      description_html text not null,
      short_description text not null,
      search_text text not null,
      is_published boolean not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null
    )`,
    `create index courses_listing on courses (is_published, created_at desc, id desc)`,
    `create index courses_search on courses using gin (search_text gin_trgm_ops)`,
    `create table course_categories (
      course_id uuid not null references courses (id) on delete cascade,
      category_id uuid not null references categories (id),
      primary key (course_id, category_id)
    )`,
    `create index course_categories_category on course_categories (category_id, course_id)`,
    `create table participations (
      course_id uuid not null references courses (id) on delete cascade,
      user_id uuid not null,
      started_at timestamptz not null,
      completed_at timestamptz,
      primary key (course_id, user_id)
    )`,
    `create index participations_user on participations (user_id)`,
    `create table completions (
      course_id uuid not null references courses (id) on delete cascade,
      user_id uuid not null,
      completed_at timestamptz not null
    )`,
    `create index completions_course_user on completions (course_id, user_id, completed_at desc)`,
  ],
};
