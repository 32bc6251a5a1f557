import { describe, expect, it } from '@jest/globals';
import { endOfDayIn, wallClockIn } from '../src/domain/time-zone.ts';

describe('time zones', () => {
  it('when a due day is given, then it ends at 23:59:59 in the portal’s time zone, in winter and in summer', () => {
    expect(endOfDayIn('2026-12-21', 'Europe/Zurich').toISOString()).toBe('2026-12-21T22:59:59.000Z');
    expect(endOfDayIn('2026-07-01', 'Europe/Zurich').toISOString()).toBe('2026-07-01T21:59:59.000Z');
    expect(endOfDayIn('2026-03-28', 'Europe/Zurich').toISOString()).toBe('2026-03-28T22:59:59.000Z');
    expect(endOfDayIn('2026-03-29', 'Europe/Zurich').toISOString()).toBe('2026-03-29T21:59:59.000Z');
    expect(endOfDayIn('2026-12-21', 'UTC').toISOString()).toBe('2026-12-21T23:59:59.000Z');
    expect(endOfDayIn('2026-12-21', 'America/New_York').toISOString()).toBe('2026-12-22T04:59:59.000Z');
  });

  it('when an instant is shown in a time zone, then its wall-clock time is kept as a spreadsheet reads it', () => {
    expect(wallClockIn(new Date('2026-12-21T22:59:59.000Z'), 'Europe/Zurich').toISOString()).toBe(
      '2026-12-21T23:59:59.000Z',
    );
  });
});
