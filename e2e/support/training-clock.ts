import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { expect } from '@playwright/test';
import type { DIGEST_JOB, REMINDER_PASS_JOB } from '../../services/training/src/entry-points/jobs/reminder-jobs.ts';

/**
 * The training service's test clock (CLOCK_CONTROL_FOR_TESTS, which the suite's portal has on), called directly
 * on the port and with the secret playwright.config.ts gave it, as the gateway would sign a call.
 */
async function callTraining(method: 'PUT' | 'POST', path: string, body?: unknown) {
  const secret = process.env.E2E_IDENTITY_SECRET ?? '';
  const identity = signIdentity({ sub: null, admin: false, lang: 'en' }, { method, path }, secret);
  const answer = await fetch(`http://127.0.0.1:${process.env.E2E_TRAINING_PORT}${path}`, {
    method,
    headers: { [IDENTITY_HEADER]: identity, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.status, `${method} ${path}`).toBe(200);
  return answer.json() as Promise<unknown>;
}

/** Moves the training service's clock to `time` (it runs on from there); null: the system's time again. */
export async function moveTrainingClock(time: Date | null) {
  await callTraining('PUT', '/internal/test-clock', { now: time?.toISOString() ?? null });
}

/** Runs the reminder pass or the digest now, at the service's clock: how many e-mails it sent and failed to send. */
export function runTrainingJob(job: typeof REMINDER_PASS_JOB | typeof DIGEST_JOB) {
  return callTraining('POST', `/internal/test-clock/jobs/${job}`) as Promise<{ sent: number; failed: number }>;
}

export const DAY = 24 * 60 * 60_000;

/** `yyyy-mm-dd` of the browser's (and this machine's) local day, as the date picker takes it. */
export const localDay = (time: Date) =>
  `${time.getFullYear()}-${String(time.getMonth() + 1).padStart(2, '0')}-${String(time.getDate()).padStart(2, '0')}`;
