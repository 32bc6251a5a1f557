import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { type AliasableExpression, type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { CoursesDatabase } from './schema.ts';

/**
 * Bytes of lists kept at once: a page of 24 cards is about 12 KiB, the whole list of 10,000 courses in one
 * language about 5 MiB; the lists asked for least recently go first.
 */
const KEPT_BYTES = 48 * 1024 * 1024;
/** Small values kept at once: counts (a filter each: published, search, category, language) and category names. */
const VALUES = 1000;
/** Bytes of courses kept at once (each as its page reads it in one language: a few KiB, every language's text). */
const COURSES_KEPT_BYTES = 16 * 1024 * 1024;
/**
 * From this size on (the gateway's own threshold) a list is also kept compressed, in brotli and in gzip: the
 * same bytes for every caller until the catalogue changes, which the gateway would otherwise compress again on
 * every call (decision 0002).
 */
const COMPRESSED_FROM = 1024;

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);
/** The quality the gateway's `compression` uses: the same bytes as before, made once per catalogue version. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** A list as JSON, ready to send, with the total for X-Total-Count and its tag (the same for every caller). */
export interface SerializedList {
  json: Buffer;
  total: number;
  etag: string;
  /** The same bytes compressed once per catalogue version, for a list of 1 KiB or more. */
  encoded?: { br: Buffer; gzip: Buffer };
}

/** What a list is read as: its cards and how many courses its filter finds in all. */
export interface ListRead<Card> {
  cards: Card[];
  total: number;
}

interface Kept<T> {
  version: string;
  value: T;
}

/**
 * Lists of cards (a page, a search, the spec's whole list of thousands of cards) cost joins over the courses,
 * their texts and categories, and the whole list megabytes of JSON, yet change only when an administrator
 * writes, and say nothing of who asks. Each is kept serialized per key (language and filter) with the catalogue
 * version it was read at: a call costs reading the version (one row). The version changes in every transaction
 * that writes what a card shows (migration 004), so every instance of the service sees a write or a restore at
 * once, without being told. One course is kept the same way, as read, for every caller who may see it.
 */
export function catalogueCache<Card>(db: Kysely<CoursesDatabase>) {
  const lists = new LRUCache<string, Kept<SerializedList>>({
    maxSize: KEPT_BYTES,
    sizeCalculation: ({ value }) =>
      value.json.length + (value.encoded ? value.encoded.br.length + value.encoded.gzip.length : 0),
  });
  const values = new LRUCache<string, Kept<unknown>>({ max: VALUES });
  // Measured once per course and version, when it is read: a course's texts can be hundreds of KiB.
  const courses = new LRUCache<string, Kept<unknown>>({
    maxSize: COURSES_KEPT_BYTES,
    sizeCalculation: ({ value }, key) => key.length + (JSON.stringify(value)?.length ?? 0),
  });

  const currentVersion = async () =>
    (await db.selectFrom('catalogue_version').select('version').executeTakeFirst())?.version;

  /**
   * The value under `key` at `version` (the current one, read before the load: a write that commits in between
   * leaves newer data under an older version, which the next call replaces; never older data under a newer
   * version); `load` runs again only after a write changed the catalogue.
   */
  async function atVersion<T>(
    cache: LRUCache<string, Kept<T>>,
    key: string,
    version: string | undefined,
    load: (version: string) => Promise<T>,
  ): Promise<T> {
    const kept = cache.get(key);
    if (version !== undefined && kept?.version === version) return kept.value;
    // Without a version row (a database being restored) nothing is kept, and the tag matches no later answer.
    const value = await load(version ?? crypto.randomUUID());
    if (version !== undefined) cache.set(key, { version, value });
    return value;
  }

  return {
    /** The list under `key`; `load` reads it again when the catalogue changed. */
    async list(key: string, load: () => Promise<ListRead<Card>>): Promise<SerializedList> {
      return atVersion(lists, key, await currentVersion(), async (version) => {
        const { cards, total } = await load();
        // The key is in the tag too: the same address asked in another language is another list.
        const tag = createHash('sha256').update(key).digest('base64url').slice(0, 16);
        const json = Buffer.from(JSON.stringify(cards));
        const etag = `W/"${version}.${tag}"`;
        if (json.length < COMPRESSED_FROM) return { json, total, etag };
        const [br, gz] = await Promise.all([brotlied(json, BROTLI_OPTIONS), gzipped(json)]);
        return { json, total, etag, encoded: { br, gzip: gz } };
      });
    },

    /**
     * A small value read from the catalogue (how many courses a filter finds, the categories' names), kept under
     * the catalogue version. Counting rechecks every match while a page stops at its last card; naming categories
     * costs two joins per card.
     */
    async kept<T>(key: string, load: () => Promise<T>): Promise<T> {
      return atVersion(values as LRUCache<string, Kept<T>>, key, await currentVersion(), () => load());
    },

    /**
     * One course as its page reads it (a join over its texts and categories), kept under the catalogue version
     * in memory bounded by its size; what changes without a catalogue write (participants, files) is read apart,
     * or in the same statement as the version (`beside`): one round trip to the database for a course kept.
     */
    async course<T, B = null>(
      key: string,
      load: () => Promise<T>,
      beside?: AliasableExpression<B>,
    ): Promise<{ course: T; beside: B }> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('catalogue_version').select('version').limit(1).$asScalar().as('version'),
          (beside ?? sql<B>`null`).as('beside'),
        ])
        .executeTakeFirstOrThrow();
      const course = await atVersion(courses as LRUCache<string, Kept<T>>, key, row.version ?? undefined, load);
      return { course, beside: row.beside as B };
    },
  };
}
