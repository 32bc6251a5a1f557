import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

/** "Pages" and "Administration" are the French words too, "Person" the German one, "File" the Italian one. */
const SAME_AS_ENGLISH = ['fr:paging.label', 'fr:hub.title', 'de:reviews.person', 'it:reviews.file'];

describe('administration slice translations', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname, SAME_AS_ENGLISH)).toEqual([]);
  });
});
