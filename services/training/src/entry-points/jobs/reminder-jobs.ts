import path from 'node:path';
import { startJobs } from '@portal/kit/jobs';
import { createMailer } from '@portal/kit/mailer';
import type { ServiceContext } from '@portal/kit/start-service';
import type { TrainingConfig } from '../../config.ts';
import type { TrainingDatabase } from '../../data-access/schema.ts';
import { reminders } from '../../domain/reminders.ts';

export const REMINDER_PASS_JOB = 'training-reminder-pass';
export const DIGEST_JOB = 'training-overdue-digest';

/**
 * The reminder pass and the administrators' digest as pg-boss jobs on their schedules (unless REMINDERS=off):
 * `passSoon` asks for a pass now (a new assignment's mails go within seconds, not at the next tick), `stop` ends them.
 */
export async function startReminderJobs(
  { database, logger }: ServiceContext<TrainingDatabase>,
  config: TrainingConfig,
  now: () => Date,
  pollingIntervalSeconds?: number,
) {
  if (config.REMINDERS === 'off') return undefined;
  const mail = reminders({
    database,
    logger,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      logger,
    }),
    publicUrl: config.PUBLIC_URL,
    dueSoonDays: config.REMINDER_DUE_SOON_DAYS,
    timeZone: config.REMINDER_TIME_ZONE,
  });
  const jobs = await startJobs({
    database,
    logger,
    pollingIntervalSeconds,
    jobs: [
      {
        name: REMINDER_PASS_JOB,
        cron: config.REMINDER_SCHEDULE,
        run: () => mail.sendDueReminders(now()).then(() => undefined),
      },
      { name: DIGEST_JOB, cron: config.DIGEST_SCHEDULE, run: () => mail.sendDigest(now()).then(() => undefined) },
    ],
  });
  return {
    // One pass for a burst of assignments: pg-boss keeps one such job per 10 s.
    passSoon: () =>
      void jobs.boss
        .send(REMINDER_PASS_JOB, {}, { singletonKey: 'after-assignment', singletonSeconds: 10 })
        .catch((error: unknown) => logger.warn({ err: error }, 'could not ask for a reminder pass')),
    stop: () => jobs.stop(),
  };
}
