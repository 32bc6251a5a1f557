import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

describe('shared translations (the audit trail’s action labels)', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname)).toEqual([]);
  });
});
