import type { Migration } from '@portal/kit/db';

/**
 * The whole list of cards is kept in memory between writes (catalogue-cache.ts); this version tells every
 * instance that it changed. A statement trigger that runs before the statement takes the version's row lock
 * before any row of the catalogue, so that writers queue in one order and cannot deadlock; the new version
 * becomes visible with the rows, at commit. Not backed up (a restore writes the tables and so changes it);
 * a restore of an older archive runs this migration again on a database that has the table.
 */
export const catalogueVersion: Migration = {
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
};
