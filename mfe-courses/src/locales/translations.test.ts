import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

/** "Pages", "Questions" and "minutes" are the French words too; an assignment's label is only its two parts in every language. */
const SAME_AS_ENGLISH = [
  'fr:paging.label',
  'fr:quiz.questions',
  'fr:quiz.minutes_one',
  'fr:quiz.minutes_other',
  ...['fr', 'de', 'it', 'rm'].map((language) => `${language}:assigned.label`),
];

describe('courses slice translations', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname, SAME_AS_ENGLISH)).toEqual([]);
  });
});
