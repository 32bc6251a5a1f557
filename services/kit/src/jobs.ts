import PgBoss from 'pg-boss';
import type { Database } from './db.ts';
import type { Logger } from './logger.ts';

export interface JobDefinition {
  /** The queue's name, the same on every instance of the service. */
  name: string;
  /** When the job runs (cron, UTC); several instances create one job per tick between them. */
  cron?: string | undefined;
  run(): Promise<void>;
}

export interface Jobs {
  /** `boss.send(name, {})` runs a job now, as its schedule would, on whichever instance takes it first. */
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * pg-boss on the service's own database (PGlite or PostgreSQL, in the schema `pgboss`): each job's queue, its
 * schedule and a worker. A job is taken by one instance at a time; a failed run is retried as the queue says.
 */
export async function startJobs(options: {
  database: Pick<Database<unknown>, 'executeSql'>;
  logger: Logger;
  jobs: JobDefinition[];
  /** How often each worker looks for work (pg-boss's default: 2 s). */
  pollingIntervalSeconds?: number;
}): Promise<Jobs> {
  const { database, logger } = options;
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.name, { name: job.name, retryLimit: 2, retryDelay: 60 });
    if (job.cron) await boss.schedule(job.name, job.cron);
    else await boss.unschedule(job.name);
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      const started = Date.now();
      await job.run();
      logger.info({ job: job.name, ms: Date.now() - started }, 'job done');
    });
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
