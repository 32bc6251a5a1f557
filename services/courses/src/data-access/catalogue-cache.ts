import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoursesDatabase } from './schema.ts';
import { compressSegments, gzipOf, type Patch, type Segments } from './segmented-gzip.ts';

/**
 * Bytes of lists kept at once: a page of 24 cards is about 12 KiB, the whole list of 10,000 courses in one
 * language about 5 MiB; the lists asked for least recently go first.
 */
const KEPT_BYTES = 48 * 1024 * 1024;
/** Small values kept at once: counts (a filter each: published, search, category, language) and category names. */
const VALUES = 1000;
/**
 * From this size on a list is also kept compressed (gzip, in segments): the whole list is megabytes of JSON, which
 * the gateway would otherwise compress again on every call.
 */
const COMPRESSED_FROM = 256 * 1024;

/** Every card's JSON starts with this, so that the flag sits at a known byte of it. */
const CARD_START = '{"isParticipant":false,';
const FLAG_AT = CARD_START.indexOf('false');

/** A list as JSON, ready to send, with the total for X-Total-Count and what identifies this viewer's version of it. */
export interface SerializedList {
  json: () => Buffer;
  total: number;
  etag: string;
  /** The same bytes as gzip, for a large list (compressed once per catalogue version, then patched per viewer). */
  gzip?: () => Promise<Buffer>;
}

/** What marks a course the viewer is taking: as long as `false`, so that every other byte stays where it is. */
const PARTICIPATING = Buffer.from('true ');

/** What a list is read as: its cards and how many courses its filter finds in all. */
export interface ListRead<Card> {
  cards: Card[];
  total: number;
}

interface KeptList {
  version: string;
  json: Buffer;
  total: number;
  /** Where each course's `false` stands in `json`. */
  flagAt: Map<string, number>;
  /** `json` compressed in segments, made on the first call that accepts gzip. */
  segments?: Promise<Segments>;
  /** What the entry counts against the budget: the JSON and its compressed segments. */
  bytes: number;
}

function serialize<Card extends { id: string; isParticipant: boolean }>(
  version: string,
  { cards, total }: ListRead<Card>,
): KeptList {
  const flagAt = new Map<string, number>();
  const parts: string[] = [];
  let offset = 1;
  for (const { isParticipant: _shownPerViewer, ...card } of cards) {
    const part = `${CARD_START}${JSON.stringify(card).slice(1)}`;
    flagAt.set(card.id, offset + FLAG_AT);
    offset += Buffer.byteLength(part) + 1;
    parts.push(part);
  }
  const json = Buffer.from(`[${parts.join(',')}]`);
  return { version, json, total, flagAt, bytes: json.length };
}

/**
 * Lists of cards (a page, a search, the spec's whole list of thousands of cards) cost joins over the courses,
 * their texts and categories, and the whole list megabytes of JSON, yet change only when an administrator
 * writes. Each is kept serialized per key (language and filter), with the catalogue version it was read at; a
 * call costs the version and the caller's participations (one query, an index lookup) and a copy of the bytes,
 * in which the caller's courses in progress say `"isParticipant":true ` (the space keeps every offset). The version
 * changes in every transaction that writes what a card shows (migration 004), so every instance of the service
 * sees a write or a restore at once, without being told. A large list is also kept as gzip in segments: a
 * caller's gzip compresses again only the segments their flags fall in, and copies nothing else.
 */
export function catalogueCache<Card extends { id: string; isParticipant: boolean }>(db: Kysely<CoursesDatabase>) {
  const lists = new Map<string, KeptList>();
  let keptBytes = 0;
  const values = new Map<string, { version: string; value: unknown }>();

  const evictBeyondBudget = (keep: string) => {
    for (const [oldest, list] of lists) {
      if (keptBytes <= KEPT_BYTES || oldest === keep) break;
      lists.delete(oldest);
      keptBytes -= list.bytes;
    }
  };

  /** The list's compressed segments, made once (calls at the same time share the work). */
  const segmentsOf = (key: string, kept: KeptList): Promise<Segments> => {
    if (!kept.segments) {
      kept.segments = compressSegments(kept.json).then((segments) => {
        const compressed = segments.compressed.reduce((sum, segment) => sum + segment.length, 0);
        kept.bytes += compressed;
        if (lists.get(key) === kept) {
          keptBytes += compressed;
          evictBeyondBudget(key);
        }
        return segments;
      });
      // A failure is the call's, not the list's: the next call tries again.
      kept.segments.catch(() => {
        kept.segments = undefined;
      });
    }
    return kept.segments;
  };

  const currentVersion = async () =>
    (await db.selectFrom('catalogue_version').select('version').executeTakeFirst())?.version;

  /** The version and the viewer's courses in progress, in one round trip (a kept list costs no other query). */
  const versionAndProgress = async (viewerId: string) => {
    const row = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('catalogue_version').select('version').as('version'),
        eb
          .fn<string[]>('array', [
            eb
              .selectFrom('participations')
              .select('course_id')
              .where('user_id', '=', viewerId)
              .where('completed_at', 'is', null),
          ])
          .as('participating'),
      ])
      .executeTakeFirstOrThrow();
    return { version: row.version ?? undefined, participating: row.participating };
  };

  return {
    /** The list under `key` as this viewer sees it; `load` reads it again when the catalogue changed. */
    async list(key: string, viewerId: string, load: () => Promise<ListRead<Card>>): Promise<SerializedList> {
      // The version is read before the cards: a write that commits in between leaves newer cards under an
      // older version, which the next call replaces; never older cards under a newer version.
      const { version = crypto.randomUUID(), participating } = await versionAndProgress(viewerId);
      const previous = lists.get(key);
      const kept = previous?.version === version ? previous : serialize(version, await load());
      // Read again after the load: a call that loaded meanwhile may have replaced the entry already.
      const replaced = lists.get(key);
      if (replaced) keptBytes -= replaced.bytes;
      lists.delete(key);
      lists.set(key, kept);
      keptBytes += kept.bytes;
      evictBeyondBudget(key);

      const shown = participating.filter((id) => kept.flagAt.has(id)).sort();
      const patches: Patch[] = shown.map((id) => ({ offset: kept.flagAt.get(id) ?? 0, bytes: PARTICIPATING }));
      // The key is in the tag too: the same address asked in another language is another list.
      const viewed = createHash('sha256').update(`${key}\n${shown.join()}`).digest('base64url').slice(0, 16);
      const etag = `W/"${version}.${viewed}"`;
      const json = () => {
        const copy = Buffer.from(kept.json);
        for (const { offset, bytes } of patches) bytes.copy(copy, offset);
        return copy;
      };
      if (kept.json.length < COMPRESSED_FROM) return { json, total: kept.total, etag };
      // The whole list as gzip is the kept segments with the viewer's few patched: no copy of megabytes per call.
      const gzip = async () => gzipOf(kept.json, await segmentsOf(key, kept), patches);
      return { json, total: kept.total, etag, gzip };
    },

    /**
     * A small value read from the catalogue (how many courses a filter finds, the categories' names), kept under
     * the catalogue version: `load` runs again only after a write changed the catalogue. Counting rechecks every
     * match while a page stops at its last card; naming categories costs two joins per card.
     */
    async kept<T>(key: string, load: () => Promise<T>): Promise<T> {
      const version = await currentVersion();
      const kept = values.get(key);
      values.delete(key);
      const value = version !== undefined && kept?.version === version ? (kept.value as T) : await load();
      if (version === undefined) return value;
      values.set(key, { version, value });
      const oldest = values.keys().next().value;
      if (values.size > VALUES && oldest !== undefined) values.delete(oldest);
      return value;
    },
  };
}
