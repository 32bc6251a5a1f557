import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

describe('shared translations (the audit trail’s action labels)', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    // French writes the bank's questions as English does
    expect(translationProblems(import.meta.dirname, ['fr:groups.question'])).toEqual([]);
  });
});
