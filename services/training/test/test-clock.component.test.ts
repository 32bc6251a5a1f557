import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import type { MyAssignment } from '@portal/contracts/training';
import { testBackends } from '@portal/kit/testing/backends';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { startTrainingService } from '../src/app.ts';
import { loadTrainingConfig } from '../src/config.ts';
import { DIGEST_JOB, REMINDER_PASS_JOB } from '../src/entry-points/jobs/reminder-jobs.ts';

const DAY = 24 * 60 * 60_000;
const ADMIN = { sub: randomUUID(), admin: true, lang: 'en' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
/** Never while the suite runs: the tests run the jobs through the test clock's route. */
const NEVER = '0 0 1 1 *';

// The clock is the process's, whatever the database: the embedded backend is enough.
describe.each(testBackends().slice(0, 1))(
  'the training service’s test clock (CLOCK_CONTROL_FOR_TESTS) on $name',
  (backend) => {
    let setup: Awaited<ReturnType<typeof componentSetup>>;
    let service: Awaited<ReturnType<typeof startTrainingService>>;
    const system = () => signedCaller(service.url, SYSTEM);
    const publish = (topic: string, payload: unknown) =>
      system().post('/internal/events', { id: randomUUID(), topic, payload });
    const moveClock = (now: Date | null) => system().put('/internal/test-clock', { now: now?.toISOString() ?? null });
    const runJob = (job: string) => system().post(`/internal/test-clock/jobs/${job}`);
    async function outboxSubjects(email: string) {
      const folder = path.join(setup.env.DATA_DIR, 'outbox');
      const mails = await Promise.all(
        (await readdir(folder))
          .filter((file) => file.endsWith('.json'))
          .map(async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8'))),
      );
      return (mails as { to: string; subject: string }[])
        .filter((mail) => mail.to === email)
        .map((mail) => mail.subject);
    }

    beforeAll(async () => {
      setup = await componentSetup(backend, 'training');
      service = await startTrainingService(
        loadTrainingConfig({
          ...setup.env,
          CLOCK_CONTROL_FOR_TESTS: 'true',
          REMINDER_SCHEDULE: NEVER,
          DIGEST_SCHEDULE: NEVER,
        }),
        { passAfterAssignment: false },
      );
    });

    afterAll(() => setup?.close(service));

    it('when the clock is moved past the due date, then the status is overdue, the pass sends once, and null brings back the system’s time', async () => {
      const userId = randomUUID();
      const email = `lena.${userId.slice(0, 8)}@example.ch`;
      const courseId = randomUUID();
      await publish(EVENTS.userChanged, {
        userId,
        name: 'Lena Keller',
        email,
        language: 'de',
        status: 'active',
        isSysAdmin: false,
      });
      await publish(EVENTS.courseChanged, {
        courseId,
        titles: { en: 'Fire safety', de: 'Brandschutz' },
        defaultLanguage: 'en',
        published: true,
        completionProof: 'confirmation',
      });
      const dueAt = new Date(Date.now() + 10 * DAY);
      const created = await signedCaller(service.url, ADMIN).post('/api/assignments', {
        courseId,
        userIds: [userId],
        dueAt: dueAt.toISOString(),
        mandatory: true,
      });
      expect(created.status).toBe(201);
      const mine = async () =>
        (
          await signedCaller(service.url, { sub: userId, admin: false, lang: 'de' }).get<MyAssignment[]>(
            '/api/assignments/mine',
          )
        ).body[0]?.status;
      expect(await mine()).toBe('not-started');
      expect((await runJob(REMINDER_PASS_JOB)).body).toEqual({ sent: 1, failed: 0 });

      const moved = new Date(dueAt.getTime() + 2 * DAY);
      const answer = await moveClock(moved);
      expect(answer.status).toBe(200);
      expect(Math.abs(Date.parse(answer.body.now) - moved.getTime())).toBeLessThan(60_000);
      expect(await mine()).toBe('overdue');
      expect((await runJob(REMINDER_PASS_JOB)).body).toEqual({ sent: 1, failed: 0 });
      expect((await runJob(REMINDER_PASS_JOB)).body).toEqual({ sent: 0, failed: 0 });
      expect((await outboxSubjects(email)).sort()).toEqual([
        'Neuer Kurs für Sie: Brandschutz',
        'Überfällig: Brandschutz',
      ]);
      expect((await runJob(DIGEST_JOB)).status).toBe(200);

      await moveClock(null);
      expect(await mine()).toBe('not-started');
    });

    it('when the clock or the job is not one it knows, then it answers 400', async () => {
      expect((await system().put('/internal/test-clock', { now: 'tomorrow' })).status).toBe(400);
      expect((await system().put('/internal/test-clock', {})).status).toBe(400);
      expect((await runJob('send-everything')).status).toBe(400);
    });

    it('when the call is not signed, then it is refused', async () => {
      const answer = await fetch(new URL('/internal/test-clock', service.url), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now: null }),
      });
      expect(answer.status).toBe(401);
    });
  },
);
