import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

/** "Link" is German too, "Description" French. */
const SAME_AS_ENGLISH = ['de:link.title', 'fr:form.description'];

describe('editor slice translations', () => {
  it('when every language has every key of the editor namespace in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname, SAME_AS_ENGLISH)).toEqual([]);
  });
});
