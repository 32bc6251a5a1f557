import { DELETED_ACCOUNT_RECORD_MODES } from '@portal/contracts/portal-config';
import { booleanFromEnv, ConfigError, loadServiceConfig } from '@portal/kit/config';
import { mailConfigShape } from '@portal/kit/mailer';
import { z } from 'zod';

/** Five fields (six with seconds); pg-boss parses it fully when the service starts. */
const cron = z
  .string()
  .max(100)
  .regex(/^\S+( \S+){4,5}$/, 'not a cron expression');

export function loadTrainingConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadServiceConfig(
    'training',
    {
      ...mailConfigShape,
      /** Reminder e-mails and the administrators' digest: `off` sends none (the pass and digest jobs do not run). */
      REMINDERS: z.enum(['on', 'off']).default('on'),
      /** How many days before the due date the "due soon" reminder goes. */
      REMINDER_DUE_SOON_DAYS: z.coerce.number().int().min(1).max(90).default(7),
      /** When the reminder pass runs (cron, UTC). */
      REMINDER_SCHEDULE: cron.default('*/15 * * * *'),
      /** When administrators get the digest of what is overdue (cron, UTC): Mondays at 07:00 by default. */
      DIGEST_SCHEDULE: cron.default('0 7 * * 1'),
      /** The time zone due dates are written in, in e-mails. */
      REMINDER_TIME_ZONE: z
        .string()
        .max(100)
        .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'unknown time zone')
        .default('UTC'),
      /** What a deleted account leaves: `anonymise` keeps its training records without the name, `erase` deletes them. */
      DELETED_ACCOUNT_RECORDS: z.enum(DELETED_ACCOUNT_RECORD_MODES).default('anonymise'),
      /** Tests only: `/internal/test-clock` moves the service's clock and runs the reminder jobs at once. */
      CLOCK_CONTROL_FOR_TESTS: booleanFromEnv.default(false),
    },
    env,
  );
  if (config.CLOCK_CONTROL_FOR_TESTS && env.NODE_ENV === 'production')
    throw new ConfigError(['CLOCK_CONTROL_FOR_TESTS: refused when NODE_ENV=production']);
  return config;
}
export type TrainingConfig = ReturnType<typeof loadTrainingConfig>;
