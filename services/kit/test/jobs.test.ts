import { describe, expect, it } from '@jest/globals';
import { openDatabase } from '@portal/kit/db';
import { startJobs } from '@portal/kit/jobs';
import { createLogger } from '@portal/kit/logger';
import { testBackends } from '@portal/kit/testing/backends';

describe.each(testBackends())('jobs on $name', (backend) => {
  it('when a job is sent, then its worker runs it once; its schedule is kept; a failed run is retried', async () => {
    const scratch = await backend.database();
    const database = await openDatabase<unknown>({ url: scratch.url, embeddedDir: 'memory' });
    const runs: string[] = [];
    let failNext = true;
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const jobs = await startJobs({
      database,
      logger: createLogger('jobs-test', 'silent'),
      pollingIntervalSeconds: 0.5,
      jobs: [
        {
          name: 'sweep',
          cron: '0 3 * * *',
          run: async () => {
            runs.push('sweep');
            settle();
          },
        },
        {
          name: 'flaky',
          run: async () => {
            runs.push('flaky');
            if (failNext) {
              failNext = false;
              throw new Error('first run fails');
            }
          },
        },
      ],
    });
    try {
      expect((await jobs.boss.getSchedules()).map(({ name, cron }) => ({ name, cron }))).toEqual([
        { name: 'sweep', cron: '0 3 * * *' },
      ]);
      await jobs.boss.send('sweep', {});
      await settled;
      const flaky = await jobs.boss.send('flaky', {}, { retryDelay: 0 });
      let job = await jobs.boss.getJobById('flaky', flaky ?? '');
      while (job?.state !== 'completed') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await jobs.boss.getJobById('flaky', flaky ?? '');
      }
      expect(job.retryCount).toBe(1);
      expect(runs).toEqual(['sweep', 'flaky', 'flaky']);
    } finally {
      await jobs.stop();
      await database.close();
      await scratch.drop();
    }
  });
});
