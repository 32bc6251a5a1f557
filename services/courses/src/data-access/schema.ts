import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType, Transaction } from 'kysely';
import { cardText, shortDescription } from '../domain/rich-text.ts';

export interface CoursesDatabase {
  categories: { id: string; name: string; created_at: ColumnType<Date, never, never> };
  courses: {
    id: string;
    title: string;
    description_html: string;
    short_description: string;
    search_text: string;
    is_published: boolean;
    created_by: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: Date;
  };
  course_categories: { course_id: string; category_id: string };
  participations: {
    course_id: string;
    user_id: string;
    started_at: Date;
    completed_at: Date | null;
  };
  completions: { course_id: string; user_id: string; completed_at: Date };
}

const REWRITE_BATCH = 500;

/** Every stored short description made again from its description, a batch of courses at a time. */
async function rewriteShortDescriptions(trx: Transaction<CoursesDatabase>) {
  let after: string | undefined;
  for (;;) {
    let query = trx.selectFrom('courses').select(['id', 'description_html']).orderBy('id').limit(REWRITE_BATCH);
    if (after) query = query.where('id', '>', after);
    const batch = await query.execute();
    for (const course of batch) {
      await trx
        .updateTable('courses')
        .set({ short_description: shortDescription(cardText(course.description_html)) })
        .where('id', '=', course.id)
        .execute();
    }
    const last = batch.at(-1);
    if (!last || batch.length < REWRITE_BATCH) return;
    after = last.id;
  }
}

export const migrations: Migration[] = [
  eventTablesMigration,
  {
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
  },
  {
    // Blocks of the description ran together on the cards ("Your first steps This short course…").
    id: '002-short-description-block-separators',
    statements: [],
    // The migrations of this service run on its own database.
    rewrite: (trx) => rewriteShortDescriptions(trx as unknown as Transaction<CoursesDatabase>),
  },
];
