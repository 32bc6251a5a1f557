import type { Migration } from '@portal/kit/db';
import type { Transaction } from 'kysely';
// eslint-disable-next-line import-x/no-restricted-paths -- the migration derives card text with the domain's rules
import { cardText, shortDescription } from '../../domain/rich-text.ts';

const REWRITE_BATCH = 500;

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

/**
 * Blocks of the description ran together on the cards ("Your first steps This short course…").
 */
export const shortDescriptionBlockSeparators: Migration = {
  id: '002-short-description-block-separators',
  statements: [],
  // The migrations of this service run on its own database.
  rewrite: (trx) => rewriteShortDescriptions(trx as unknown as Transaction<Version2Database>),
};
