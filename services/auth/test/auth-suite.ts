import type { Backend } from '@portal/kit/testing/backends';
import { componentSetup, fakeService } from '@portal/kit/testing/component';
import { startAuthService } from '../src/app.ts';
import { loadAuthConfig } from '../src/config.ts';

export const ANONYMOUS = { sub: null, admin: false, lang: 'en' } as const;
/** The administrator the service creates at start-up. */
export const SEEDED_ADMIN = { email: 'admin@portal.test', password: 'Admin12345' };

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
