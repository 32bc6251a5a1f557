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
 * `passSoon` asks for a pass now (a new assignment's mails go within seconds, not at the next tick), `runNow` runs a
 * job's work here and answers its outcome (the test clock's route), `stop` ends them.
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
  const runNow = {
    // The learners' mails about their reviewed results go with each pass (and the pass a review asks for).
    [REMINDER_PASS_JOB]: async () => {
      const reminded = await mail.sendDueReminders(now());
      const told = await mail.sendResultMails(now());
      return { sent: reminded.sent + told.sent, failed: reminded.failed + told.failed };
    },
    [DIGEST_JOB]: () => mail.sendDigest(now()),
  };
  const jobs = await startJobs({
    database,
    logger,
    pollingIntervalSeconds,
    jobs: [
      {
        name: REMINDER_PASS_JOB,
        cron: config.REMINDER_SCHEDULE,
        run: () => runNow[REMINDER_PASS_JOB]().then(() => undefined),
      },
      { name: DIGEST_JOB, cron: config.DIGEST_SCHEDULE, run: () => runNow[DIGEST_JOB]().then(() => undefined) },
    ],
  });
  return {
    // One pass for a burst of assignments: pg-boss keeps one such job per 10 s.
    passSoon: () =>
      void jobs.boss
        .send(REMINDER_PASS_JOB, {}, { singletonKey: 'after-assignment', singletonSeconds: 10 })
        .catch((error: unknown) => logger.warn({ err: error }, 'could not ask for a reminder pass')),
    runNow,
    stop: () => jobs.stop(),
  };
}
