import type { Migration } from '@portal/kit/db';

/**
 * Texts per language (issue 13): existing courses and categories keep their text as their default language,
 * English until the courses' authors' languages are known (relabelled after start, see author-languages.ts).
 */
export const textsPerLanguage: Migration = {
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
};
