import type { Kysely } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

/** Whole lists kept at once (a language and a published filter each): each is a few MiB for 10,000 courses. */
const ENTRIES = 4;

/**
 * The whole list of cards (the spec's `GET /api/courses` without a page: thousands of cards) costs a join over
 * every course, yet changes only when an administrator writes. It is kept per key, with the catalogue version
 * it was read at: a call costs the version and the caller's participations, two index lookups. The version
 * changes in every transaction that writes what a card shows (migration 004), so every instance of the service
 * sees a write or a restore at once, without being told.
 */
export function catalogueCache<Card extends { id: string; isParticipant: boolean }>(db: Kysely<CoursesDatabase>) {
  const lists = new Map<string, { version: string; cards: Card[] }>();

  const currentVersion = async () =>
    (await db.selectFrom('catalogue_version').select('version').executeTakeFirst())?.version;

  const inProgress = async (viewerId: string) =>
    new Set(
      (
        await db
          .selectFrom('participations')
          .select('course_id')
          .where('user_id', '=', viewerId)
          .where('completed_at', 'is', null)
          .execute()
      ).map((row) => row.course_id),
    );

  return {
    /** The list under `key` for this viewer; `load` reads it (with the viewer's participation) when it changed. */
    async cards(key: string, viewerId: string, load: () => Promise<Card[]>): Promise<Card[]> {
      // Read before the list: a write that commits in between leaves a newer list under an older version,
      // which the next call replaces; never an older list under a newer version.
      const [version, participating] = await Promise.all([currentVersion(), inProgress(viewerId)]);
      const kept = lists.get(key);
      lists.delete(key);
      if (version !== undefined && kept?.version === version) {
        lists.set(key, kept);
        return kept.cards.map((card) => ({ ...card, isParticipant: participating.has(card.id) }));
      }
      const cards = await load();
      if (version !== undefined) {
        lists.set(key, { version, cards });
        const oldest = lists.keys().next().value;
        if (lists.size > ENTRIES && oldest !== undefined) lists.delete(oldest);
      }
      return cards;
    },
  };
}
