import { describe, expect, it, jest } from '@jest/globals';
import { formatDayMonth, formatFileSize, formatLanguage, formatPercent, formatTime } from './format.ts';

describe('file sizes', () => {
  it('when sizes are shown, then they use base 1024, two decimals at most and the reader number format and units', () => {
    expect(formatFileSize(0, 'en')).toBe('0 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(73, 'en')).toBe('73 bytes');
    expect(formatFileSize(73, 'fr')).toBe('73\u00a0octets');
    expect(formatFileSize(73, 'de')).toBe('73 Byte');
    expect(formatFileSize(1023, 'en')).toBe('1,023 bytes');
    expect(formatFileSize(1024, 'en')).toBe('1 kB');
    expect(formatFileSize(180_000, 'en')).toBe('175.78 kB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(1_234_567, 'fr')).toBe('1,18\u202fMo');
    expect(formatFileSize(1_234_567, 'de')).toBe('1,18 MB');
    expect(formatFileSize(5 * 1024 ** 4, 'en')).toBe('5 TB');
    expect(formatFileSize(3 * 1024 ** 3 + 1024 ** 3 / 3, 'en')).toBe('3.33 GB');
  });
});

describe('days and shares', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('when a day is named, then it is day and month in the reader language, with the year only when not this one', () => {
    expect(formatDayMonth('2026-03-12T10:00:00Z', 'en', now)).toBe('March 12');
    expect(formatDayMonth('2026-03-12T10:00:00Z', 'de', now)).toBe('12. März');
    expect(formatDayMonth('2026-03-12T10:00:00Z', 'fr', now)).toBe('12 mars');
    expect(formatDayMonth('2027-03-12T10:00:00Z', 'it', now)).toBe('12 marzo 2027');
  });

  it('when a share is shown, then it is a whole percentage in the reader number format', () => {
    expect(formatPercent(0.875, 'en')).toBe('88%');
    expect(formatPercent(0.5, 'de')).toBe('50\u00a0%');
    expect(formatPercent(1, 'fr')).toBe('100\u00a0%');
  });
});

describe('language names', () => {
  it('when a language is named, then it is named in the reader language as a sentence uses it', () => {
    expect(formatLanguage('de', 'en')).toBe('German');
    expect(formatLanguage('rm', 'fr')).toBe('romanche');
    expect(formatLanguage('de', 'rm')).toBe('tudestg');
    expect(formatLanguage('it', 'de')).toBe('Italienisch');
  });

  it('when a page of cards names languages and dates many times, then each Intl formatter is made once', () => {
    const makeNames = jest.spyOn(Intl, 'DisplayNames');
    const makeDates = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const names = Array.from({ length: 200 }, (_, index) => formatLanguage(index % 2 ? 'fr' : 'it', 'de'));
      const days = Array.from({ length: 200 }, () => formatDayMonth('2026-03-12T10:00:00Z', 'fr'));
      expect(new Set(names)).toEqual(new Set(['Französisch', 'Italienisch']));
      expect(new Set(days).size).toBe(1);
      expect(makeNames.mock.calls.length).toBeLessThanOrEqual(1);
      expect(makeDates.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      makeNames.mockRestore();
      makeDates.mockRestore();
    }
  });
});

describe('times of day', () => {
  it('when a time is shown, then it is written as the reader writes times', () => {
    const afternoon = new Date(2026, 10, 26, 14, 35);
    expect(formatTime(afternoon, 'en')).toMatch(/^2:35\sPM$/);
    expect(formatTime(afternoon, 'de')).toBe('14:35');
    expect(formatTime(afternoon, 'rm')).toBe('14:35');
  });
});
