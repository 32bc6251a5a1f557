import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

/** "Description" and "Quiz" are French too. */
const SAME_AS_ENGLISH = ['fr:form.description', 'fr:kinds.quiz'];

describe('editor slice translations', () => {
  it('when every language has every key of the editor namespace in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname, SAME_AS_ENGLISH)).toEqual([]);
  });
});
