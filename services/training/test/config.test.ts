import { describe, expect, it } from '@jest/globals';
import { loadTrainingConfig } from '../src/config.ts';

const base = { IDENTITY_SECRET: 'x'.repeat(32) };

describe('the training service’s configuration', () => {
  it('when nothing is set, then reminders run every 15 minutes, the digest on Monday mornings, due soon 7 days ahead', () => {
    expect(loadTrainingConfig(base)).toMatchObject({
      REMINDERS: 'on',
      REMINDER_DUE_SOON_DAYS: 7,
      REMINDER_SCHEDULE: '*/15 * * * *',
      DIGEST_SCHEDULE: '0 7 * * 1',
      REMINDER_TIME_ZONE: 'UTC',
      PUBLIC_URL: 'http://localhost:8080',
    });
  });

  it('when a reminder setting is bad, then loading fails naming it', () => {
    expect(() => loadTrainingConfig({ ...base, REMINDERS: 'yes' })).toThrow(/REMINDERS/);
    expect(() => loadTrainingConfig({ ...base, REMINDER_DUE_SOON_DAYS: '0' })).toThrow(/REMINDER_DUE_SOON_DAYS/);
    expect(() => loadTrainingConfig({ ...base, REMINDER_SCHEDULE: 'every hour' })).toThrow(/REMINDER_SCHEDULE/);
    expect(() => loadTrainingConfig({ ...base, DIGEST_SCHEDULE: '0 7 * *' })).toThrow(/DIGEST_SCHEDULE/);
    expect(() => loadTrainingConfig({ ...base, REMINDER_TIME_ZONE: 'Mars/Olympus' })).toThrow(/REMINDER_TIME_ZONE/);
    expect(
      loadTrainingConfig({
        ...base,
        REMINDERS: 'off',
        DIGEST_SCHEDULE: '30 6 * * 1-5',
        REMINDER_TIME_ZONE: 'Europe/Zurich',
      }),
    ).toMatchObject({ REMINDERS: 'off', DIGEST_SCHEDULE: '30 6 * * 1-5', REMINDER_TIME_ZONE: 'Europe/Zurich' });
  });

  it('when the test clock is asked for, then it is off by default and refused with NODE_ENV=production', () => {
    expect(loadTrainingConfig(base).CLOCK_CONTROL_FOR_TESTS).toBe(false);
    expect(loadTrainingConfig({ ...base, CLOCK_CONTROL_FOR_TESTS: 'true' }).CLOCK_CONTROL_FOR_TESTS).toBe(true);
    expect(() => loadTrainingConfig({ ...base, CLOCK_CONTROL_FOR_TESTS: 'true', NODE_ENV: 'production' })).toThrow(
      /CLOCK_CONTROL_FOR_TESTS: refused when NODE_ENV=production/,
    );
  });
});
