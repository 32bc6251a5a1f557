import { notFound } from '@portal/kit/errors';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import { z } from 'zod';
import type { PassOutcome } from '../../domain/reminders.ts';
import { DIGEST_JOB, REMINDER_PASS_JOB } from '../jobs/reminder-jobs.ts';

type TestClock = ReturnType<typeof movableClock>;

/** The system's time, moved on (or back) by what a test last set; it keeps running from there. */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    /** null: the system's time again. */
    moveTo: (time: Date | null) => {
      offsetMs = time ? time.getTime() - Date.now() : 0;
    },
  };
}

const moveSchema = z.strictObject({ now: z.iso.datetime({ offset: true }).nullable() });
const jobSchema = z.enum([REMINDER_PASS_JOB, DIGEST_JOB]);

/**
 * Mounted only with CLOCK_CONTROL_FOR_TESTS (refused in production): `PUT /internal/test-clock` moves the clock the
 * service reckons from, `POST /internal/test-clock/jobs/:job` runs a reminder job's work at once and answers its
 * outcome (404 with REMINDERS=off).
 */
export function testClockRoutes(
  clock: TestClock,
  runNow: Record<z.infer<typeof jobSchema>, () => Promise<PassOutcome>> | undefined,
): Router {
  const router = strictRouter();

  router.put('/internal/test-clock', (req, res) => {
    const { now } = parseInput(moveSchema, req.body, 'clock');
    clock.moveTo(now === null ? null : new Date(now));
    res.json({ now: clock.now().toISOString() });
  });

  router.post('/internal/test-clock/jobs/:job', async (req, res) => {
    const job = parseInput(jobSchema, req.params.job, 'job');
    if (!runNow) throw notFound('reminders are off');
    res.json(await runNow[job]());
  });

  return router;
}
