import { loadServiceConfig } from '@portal/kit/config';
import { localServiceUrl } from '@portal/kit/topology';
import { DEFAULT_MAX_FILE_BYTES } from '@portal/contracts/portal-config';
import { z } from 'zod';

export function loadFilesConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig(
    'files',
    {
      /** Asked whether a caller may see a course (and so its files). */
      COURSES_SERVICE_URL: z.url().default(localServiceUrl('courses')),
      COURSES_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
      /** Largest accepted file; a larger upload answers 413 and nothing is kept. */
      MAX_FILE_BYTES: z.coerce.number().int().min(1).default(DEFAULT_MAX_FILE_BYTES),
      /** Size of the stored chunks (GridFS uses 255 KiB). */
      CHUNK_BYTES: z.coerce
        .number()
        .int()
        .min(1024)
        .max(16 * 1024 * 1024)
        .default(255 * 1024),
    },
    env,
  );
}
export type FilesConfig = ReturnType<typeof loadFilesConfig>;
