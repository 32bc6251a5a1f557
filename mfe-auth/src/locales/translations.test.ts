import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

/** "Password" is the Italian word too; a field and its problem are joined alike but in French. */
const SAME_AS_ENGLISH = [
  'it:fields.password',
  'de:register.unmetItem',
  'it:register.unmetItem',
  'rm:register.unmetItem',
];

describe('auth slice translations', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname, SAME_AS_ENGLISH)).toEqual([]);
  });
});
