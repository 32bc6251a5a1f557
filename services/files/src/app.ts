import { openServiceDatabase } from '@portal/kit/db';
import { startService } from '@portal/kit/start-service';
import type { FilesConfig } from './config.ts';
import { courseVisibility } from './data-access/course-visibility.ts';
import { filesRepository } from './data-access/files-repository.ts';
import { type FilesDatabase, migrations } from './data-access/schema.ts';
import { personalData } from './data-access/personal-data.ts';
import { fileRoutes } from './entry-points/api/routes.ts';
import { fileEventHandlers } from './entry-points/events/handlers.ts';

export const SERVICE_NAME = 'files';
const ABANDONED_AFTER_MS = 60 * 60_000;

export function openFilesDatabase(config: Pick<FilesConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openServiceDatabase<FilesDatabase>(SERVICE_NAME, config);
}

export function startFilesService(config: FilesConfig) {
  return startService<FilesDatabase>({
    name: SERVICE_NAME,
    config,
    migrations,
    personalData,
    // Uploads cut off by a crash leave 'uploading' rows: swept at start and every hour.
    beforeServing: async ({ database, logger }) => {
      const sweep = () =>
        filesRepository(database.db)
          .deleteAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS))
          .catch((error: unknown) => logger.warn({ err: error }, 'sweeping abandoned uploads failed'));
      await sweep();
      const sweeper = setInterval(sweep, ABANDONED_AFTER_MS);
      sweeper.unref();
      return () => clearInterval(sweeper);
    },
    routes: ({ database, metrics, client, logger }) => {
      const uploadedBytes = metrics.counter('upload_bytes_total', 'Bytes of attachments stored');
      return fileRoutes(
        filesRepository(database.db),
        courseVisibility(client('courses', config.COURSES_SERVICE_URL, config.COURSES_TIMEOUT_MS)),
        { maxBytes: config.MAX_FILE_BYTES, chunkBytes: config.CHUNK_BYTES },
        logger,
        (bytes) => uploadedBytes.inc(bytes),
      );
    },
    eventHandlers: fileEventHandlers,
  });
}
