import type { Migration } from '@portal/kit/db';

/**
 * The user search finds "Müller" for "muller" and "Clément" for "clement", through a trigram index: `fold` is
 * lower case without accents, declared immutable (unaccent with its dictionary named is) so an index may use it.
 */
export const accentInsensitiveSearch: Migration = {
  id: '006-accent-insensitive-search',
  statements: [
    `create extension if not exists unaccent`,
    `create extension if not exists pg_trgm`,
    `create function fold(text) returns text language sql immutable parallel safe strict
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
    `create index users_search on users using gin ((fold(name) || ' ' || fold(email)) gin_trgm_ops)`,
  ],
};
