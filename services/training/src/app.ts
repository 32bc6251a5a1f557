import { openServiceDatabase } from '@portal/kit/db';
import { startService } from '@portal/kit/start-service';
import type { TrainingConfig } from './config.ts';
import { personalData } from './data-access/personal-data.ts';
import { migrations, type TrainingDatabase } from './data-access/schema.ts';
import { assignments } from './domain/assignments.ts';
import { reports } from './domain/reports.ts';
import { trainingRoutes } from './entry-points/api/routes.ts';
import { movableClock, testClockRoutes } from './entry-points/api/test-clock.ts';
import { trainingEventHandlers } from './entry-points/events/handlers.ts';
import { startReminderJobs } from './entry-points/jobs/reminder-jobs.ts';

export const SERVICE_NAME = 'training';

export interface TrainingDeps {
  /** The time statuses and due dates are reckoned from: a fake clock in tests. */
  now?: () => Date;
  /** How often the job workers look for work (tests shorten it). */
  jobPollingSeconds?: number;
  /** false: a new assignment or a reviewed result waits for the scheduled pass (tests that run each pass themselves). */
  passAfterAssignment?: boolean;
}

export function openTrainingDatabase(config: Pick<TrainingConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openServiceDatabase<TrainingDatabase>(SERVICE_NAME, config);
}

export function startTrainingService(config: TrainingConfig, deps: TrainingDeps = {}) {
  const testClock = config.CLOCK_CONTROL_FOR_TESTS ? movableClock() : undefined;
  const now = deps.now ?? testClock?.now ?? (() => new Date());
  let reminderJobs: Awaited<ReturnType<typeof startReminderJobs>>;
  const passSoon = () => {
    if (deps.passAfterAssignment !== false) reminderJobs?.passSoon();
  };
  return startService<TrainingDatabase>({
    name: SERVICE_NAME,
    config,
    migrations,
    personalData,
    beforeServing: async (context) => {
      reminderJobs = await startReminderJobs(context, config, now, deps.jobPollingSeconds);
      return reminderJobs?.stop;
    },
    routes: ({ database }) => {
      const timeZone = config.REMINDER_TIME_ZONE;
      const router = trainingRoutes(assignments({ database, now, timeZone }), reports({ database, now, timeZone }), {
        now,
        timeZone,
        assigned: passSoon,
      });
      if (testClock) router.use(testClockRoutes(testClock, reminderJobs?.runNow));
      return router;
    },
    eventHandlers: () => trainingEventHandlers(config.DELETED_ACCOUNT_RECORDS, passSoon),
  });
}
