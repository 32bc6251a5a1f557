import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

/** Whole lists kept at once (a language and a published filter each): each is a few MiB for 10,000 courses. */
const ENTRIES = 4;
/** Small values kept at once: counts (a filter each: published, search, category, language) and category names. */
const VALUES = 1000;

/** Every card's JSON starts with this, so that the flag sits at a known byte of it. */
const CARD_START = '{"isParticipant":false,';
const FLAG_AT = CARD_START.indexOf('false');

/** The whole list as JSON, ready to send, and what identifies this viewer's version of it (an ETag). */
export interface SerializedList {
  json: Buffer;
  count: number;
  etag: string;
}

interface KeptList {
  version: string;
  json: Buffer;
  count: number;
  /** Where each course's `false` stands in `json`. */
  flagAt: Map<string, number>;
}

function serialize<Card extends { id: string; isParticipant: boolean }>(version: string, cards: Card[]): KeptList {
  const flagAt = new Map<string, number>();
  const parts: string[] = [];
  let offset = 1;
  for (const { isParticipant: _shownPerViewer, ...card } of cards) {
    const part = `${CARD_START}${JSON.stringify(card).slice(1)}`;
    flagAt.set(card.id, offset + FLAG_AT);
    offset += Buffer.byteLength(part) + 1;
    parts.push(part);
  }
  return { version, json: Buffer.from(`[${parts.join(',')}]`), count: cards.length, flagAt };
}

/**
 * The whole list of cards (the spec's `GET /api/courses` without a page: thousands of cards) costs a join over
 * every course and megabytes of JSON, yet changes only when an administrator writes. It is kept serialized per
 * key, with the catalogue version it was read at; a call costs the version and the caller's participations (two
 * index lookups) and a copy of the bytes, in which the caller's courses in progress say `"isParticipant":true `
 * (the space keeps every offset). The version changes in every transaction that writes what a card shows
 * (migration 004), so every instance of the service sees a write or a restore at once, without being told.
 */
export function catalogueCache<Card extends { id: string; isParticipant: boolean }>(db: Kysely<CoursesDatabase>) {
  const lists = new Map<string, KeptList>();
  const values = new Map<string, { version: string; value: unknown }>();

  const currentVersion = async () =>
    (await db.selectFrom('catalogue_version').select('version').executeTakeFirst())?.version;

  const inProgress = async (viewerId: string) =>
    (
      await db
        .selectFrom('participations')
        .select('course_id')
        .where('user_id', '=', viewerId)
        .where('completed_at', 'is', null)
        .execute()
    ).map((row) => row.course_id);

  return {
    /** The list under `key` as this viewer sees it; `load` reads the cards again when the catalogue changed. */
    async list(key: string, viewerId: string, load: () => Promise<Card[]>): Promise<SerializedList> {
      // The version is read before the cards: a write that commits in between leaves newer cards under an
      // older version, which the next call replaces; never older cards under a newer version.
      const [version = crypto.randomUUID(), participating] = await Promise.all([
        currentVersion(),
        inProgress(viewerId),
      ]);
      const previous = lists.get(key);
      lists.delete(key);
      const kept = previous?.version === version ? previous : serialize(version, await load());
      lists.set(key, kept);
      const oldest = lists.keys().next().value;
      if (lists.size > ENTRIES && oldest !== undefined) lists.delete(oldest);

      const json = Buffer.from(kept.json);
      const shown = participating.filter((id) => kept.flagAt.has(id)).sort();
      for (const id of shown) json.write('true ', kept.flagAt.get(id) ?? 0);
      const participation = createHash('sha256').update(shown.join()).digest('base64url').slice(0, 16);
      return { json, count: kept.count, etag: `W/"${version}.${participation}"` };
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
