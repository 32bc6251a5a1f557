import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { CompletionProof } from '@portal/contracts/courses';
import type { ResultStatus } from '@portal/contracts/course-results';
import { EVENTS } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import type { ColumnType, Transaction } from 'kysely';
// eslint-disable-next-line import-x/no-restricted-paths -- the migrations derive card text with the domain's rules
import { cardText, shortDescription } from '../domain/rich-text.ts';

export interface CoursesDatabase {
  categories: { id: string; default_language: Language; created_at: ColumnType<Date, never, never> };
  /** A category's name in each language it has (its default language's at least). */
  category_names: { category_id: string; language: Language; name: string };
  courses: {
    id: string;
    default_language: Language;
    /** The languages of the course's texts, in the order of LANGUAGES (kept on every write). */
    languages: Language[];
    /** Migrated before languages existed: relabelled to the author's language once the auth service answers. */
    default_language_pending: ColumnType<boolean, boolean | undefined, boolean>;
    /** The searchable text of every language together (one indexed LIKE finds a course in any of them). */
    search_text: string;
    is_published: boolean;
    completion_proof: ColumnType<CompletionProof, CompletionProof | undefined, CompletionProof>;
    created_by: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: Date;
  };
  /** A course's text in one language. */
  course_texts: {
    course_id: string;
    language: Language;
    title: string;
    /** As the card shows it: the author's, else the start of the description. */
    short_description: string;
    short_description_authored: boolean;
    description_html: string;
  };
  course_categories: { course_id: string; category_id: string };
  participations: {
    course_id: string;
    user_id: string;
    started_at: Date;
    completed_at: Date | null;
  };
  completions: { course_id: string; user_id: string; completed_at: Date };
  /** A learner's uploaded proof of completion; 'uploading' until its last chunk is stored. */
  course_results: {
    id: string;
    course_id: string;
    user_id: string;
    file_name: string;
    file_type: string;
    file_size: ColumnType<number, number | undefined, number>;
    status: 'uploading' | ResultStatus;
    uploaded_at: ColumnType<Date, Date | undefined, Date>;
    reviewed_at: Date | null;
    reviewed_by: string | null;
    review_comment: string | null;
  };
  /** A result's content in fixed-size chunks, as the files service keeps attachments (decision 0011). */
  course_result_chunks: { result_id: string; n: number; data: Uint8Array };
  /** One row: changed by a trigger in every transaction that writes what a card shows (migration 004). */
  catalogue_version: { version: string };
}

const REWRITE_BATCH = 500;

/** A timestamptz as the events' ISO 8601 instants in UTC (`2026-03-12T08:00:00.000Z`), whatever the session's zone. */
const isoInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The courses table as migration 002 knew it (003 moved its texts to course_texts). */
interface Version2Database {
  courses: { id: string; description_html: string; short_description: string };
}

/** Every stored short description made again from its description, a batch of courses at a time. */
async function rewriteShortDescriptions(trx: Transaction<Version2Database>) {
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
    rewrite: (trx) => rewriteShortDescriptions(trx as unknown as Transaction<Version2Database>),
  },
  {
    // Texts per language (issue 13): existing courses and categories keep their text as their default language,
    // English until the courses' authors' languages are known (relabelled after start, see author-languages.ts).
    id: '003-texts-per-language',
    statements: [
      `alter table categories add column default_language text not null default 'en'`,
      `create table category_names (
        category_id uuid not null references categories (id) on delete cascade,
        language text not null,
        name text not null,
        primary key (category_id, language)
      )`,
      `create unique index category_names_language_name on category_names (language, lower(name))`,
      `insert into category_names (category_id, language, name) select id, 'en', name from categories`,
      `drop index categories_name_lower`,
      `alter table categories drop column name`,
      `alter table categories alter column default_language drop default`,
      `alter table courses add column default_language text not null default 'en'`,
      `alter table courses add column languages text[] not null default '{en}'`,
      `alter table courses add column default_language_pending boolean not null default false`,
      `create table course_texts (
        course_id uuid not null references courses (id) on delete cascade,
        language text not null,
        title text not null,
        short_description text not null,
        short_description_authored boolean not null,
        description_html text not null,
        primary key (course_id, language)
      )`,
      `insert into course_texts (course_id, language, title, short_description, short_description_authored, description_html)
        select id, 'en', title, short_description, false, description_html from courses`,
      `update courses set default_language_pending = created_by is not null`,
      `create index courses_default_language_pending on courses (id) where default_language_pending`,
      `alter table courses drop column title`,
      `alter table courses drop column short_description`,
      `alter table courses drop column description_html`,
      `alter table courses alter column default_language drop default`,
      `alter table courses alter column languages drop default`,
    ],
  },
  {
    // The whole list of cards is kept in memory between writes (catalogue-cache.ts); this version tells every
    // instance that it changed. A statement trigger that runs before the statement takes the version's row lock
    // before any row of the catalogue, so that writers queue in one order and cannot deadlock; the new version
    // becomes visible with the rows, at commit. Not backed up (a restore writes the tables and so changes it);
    // a restore of an older archive runs this migration again on a database that has the table.
    id: '004-catalogue-version',
    statements: [
      `create table if not exists catalogue_version (version uuid not null)`,
      `delete from catalogue_version`,
      `insert into catalogue_version (version) values (gen_random_uuid())`,
      `create or replace function catalogue_changed() returns trigger language plpgsql as $$
        begin
          update catalogue_version set version = gen_random_uuid();
          return null;
        end $$`,
      ...['categories', 'category_names', 'courses', 'course_texts', 'course_categories'].map(
        (table) => `create or replace trigger ${table}_catalogue_changed before insert or update or delete or truncate
          on ${table} for each statement execute function catalogue_changed()`,
      ),
    ],
  },
  {
    // Proof of completion (issue 30): the learner's confirmation, or a result they upload for an administrator.
    id: '005-completion-proof-and-results',
    statements: [
      `alter table courses add column completion_proof text not null default 'confirmation'
        check (completion_proof in ('confirmation', 'upload'))`,
      `create table course_results (
        id uuid primary key,
        course_id uuid not null references courses (id) on delete cascade,
        user_id uuid not null,
        file_name text not null,
        file_type text not null,
        file_size bigint not null default 0,
        status text not null check (status in ('uploading', 'pending', 'approved', 'rejected')),
        uploaded_at timestamptz not null default now(),
        reviewed_at timestamptz,
        reviewed_by uuid,
        review_comment text
      )`,
      `create index course_results_queue on course_results (status, uploaded_at, id)`,
      `create index course_results_mine on course_results (user_id, course_id, uploaded_at desc)`,
      // One result waits for review per learner and course: a second upload meanwhile is refused.
      `create unique index course_results_one_pending on course_results (course_id, user_id) where status = 'pending'`,
      `create table course_result_chunks (
        result_id uuid not null references course_results (id) on delete cascade,
        n integer not null,
        data bytea not null,
        primary key (result_id, n)
      )`,
    ],
  },
  {
    // The training service keeps a read model fed by these events: what existed before they were sent is put in
    // the outbox once, courses first, so a training service that starts later has it all.
    id: '006-training-events-backfill',
    statements: [
      `insert into outbox (event_id, topic, payload)
        select gen_random_uuid(), '${EVENTS.courseChanged}', jsonb_build_object(
          'courseId', c.id,
          'titles', (select jsonb_object_agg(t.language, t.title) from course_texts t where t.course_id = c.id),
          'defaultLanguage', c.default_language,
          'published', c.is_published,
          'completionProof', c.completion_proof)
        from courses c order by c.created_at, c.id`,
      `insert into outbox (event_id, topic, payload)
        select gen_random_uuid(), '${EVENTS.participationStarted}', jsonb_build_object(
          'courseId', p.course_id, 'userId', p.user_id, 'startedAt', ${isoInstant('p.started_at')})
        from participations p order by p.started_at, p.course_id, p.user_id`,
      `insert into outbox (event_id, topic, payload)
        select gen_random_uuid(), '${EVENTS.completionRecorded}', jsonb_build_object(
          'courseId', k.course_id, 'userId', k.user_id, 'completedAt', ${isoInstant('k.completed_at')})
        from completions k order by k.completed_at, k.course_id, k.user_id`,
    ],
  },
];
