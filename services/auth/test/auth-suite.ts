import { expect } from '@jest/globals';
import type { Backend } from '@portal/kit/testing/backends';
import { componentSetup, fakeService, signedCaller } from '@portal/kit/testing/component';
import { startAuthService } from '../src/app.ts';
import { loadAuthConfig } from '../src/config.ts';

export const ANONYMOUS = { sub: null, admin: false, lang: 'en' } as const;
/** The administrator the service creates at start-up. */
export const SEEDED_ADMIN = { email: 'admin@portal.test', password: 'Admin12345' };
/** A password that passes every rule, the guessability check included. */
export const PASSWORD = 'Lantern-Orbit-Kite-42';

/** Registers an account with PASSWORD through the service at `serviceUrl`; answers its id. */
export async function registerAccount(serviceUrl: string, name: string, email: string) {
  const answer = await signedCaller(serviceUrl, ANONYMOUS).post('/internal/register', {
    name,
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/**
 * The auth service on a fresh database with the seeded administrator, and a stand-in courses service that takes
 * its events; `env` adds to or overrides the service's configuration. `stop` stops both and undoes the setup.
 */
export async function startAuthSuite(backend: Backend, env: Record<string, string> = {}) {
  const setup = await componentSetup(backend, 'auth');
  let courses: Awaited<ReturnType<typeof fakeService>> | undefined;
  try {
    courses = await fakeService((router) => {
      router.post('/internal/events', (_req, res) => {
        res.json({ status: 'handled' });
      });
    });
    const service = await startAuthService(
      loadAuthConfig({
        ...setup.env,
        COURSES_SERVICE_URL: courses.url,
        ADMIN_EMAIL: SEEDED_ADMIN.email,
        ADMIN_PASSWORD: SEEDED_ADMIN.password,
        ...env,
      }),
    );
    const started = courses;
    return { service, courses: started, stop: () => setup.close(service, started) };
  } catch (error) {
    await setup.close(courses);
    throw error;
  }
}
export type AuthSuite = Awaited<ReturnType<typeof startAuthSuite>>;
