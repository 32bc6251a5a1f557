import { booleanFromEnv, loadServiceConfig } from '@portal/kit/config';
import { localServiceUrl } from '@portal/kit/topology';
import { DEFAULT_MAX_FILE_BYTES } from '@portal/contracts/portal-config';
import { z } from 'zod';

export function loadCoursesConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig(
    'courses',
    {
      AUTH_SERVICE_URL: z.url().default(localServiceUrl('auth')),
      AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).default(1_500),
      /** Course details list the course's files from here; unset or down, details say 'files unavailable'. */
      FILES_SERVICE_URL: z.url().optional(),
      FILES_TIMEOUT_MS: z.coerce.number().int().min(100).default(1_500),
      /** The largest result a learner may upload: the portal's upload limit (the gateway and files read it too). */
      MAX_FILE_BYTES: z.coerce.number().int().min(1).default(DEFAULT_MAX_FILE_BYTES),
      /** A fresh database gets a few categories and example courses in the five languages. */
      SEED_EXAMPLES: booleanFromEnv.default(false),
    },
    env,
  );
}
export type CoursesConfig = ReturnType<typeof loadCoursesConfig>;
