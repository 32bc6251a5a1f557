import path from 'node:path';
import { EVENTS, courseDeletedSchema } from '@portal/contracts/events';
import { migrate, openDatabase } from '@portal/kit/db';
import { eventInbox } from '@portal/kit/events';
import { createLogger } from '@portal/kit/logger';
import { serviceMetrics } from '@portal/kit/observability';
import { serveService } from '@portal/kit/serve';
import { Router } from 'express';
import type { FilesConfig } from './config.ts';
import { filesRepository } from './data-access/files-repository.ts';
import { type FilesDatabase, migrations } from './data-access/schema.ts';
import { courseAccess } from './domain/course-access.ts';
import { fileRoutes } from './entry-points/api/routes.ts';

export const SERVICE_NAME = 'files';
const ABANDONED_AFTER_MS = 60 * 60_000;

export function openFilesDatabase(config: Pick<FilesConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openDatabase<FilesDatabase>({
    url: config.DATABASE_URL,
    embeddedDir: config.DATA_DIR === 'memory' ? 'memory' : path.join(config.DATA_DIR, SERVICE_NAME),
    poolSize: config.DATABASE_POOL_SIZE,
  });
}

export async function startFilesService(config: FilesConfig) {
  const logger = createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const database = await openFilesDatabase(config);
  await migrate(database.db, SERVICE_NAME, migrations, logger);
  const repository = filesRepository(database.db);

  // Uploads cut off by a crash leave 'uploading' rows: swept at start and every hour.
  const sweep = () =>
    repository
      .deleteAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS))
      .catch((error: unknown) => logger.warn({ err: error }, 'sweeping abandoned uploads failed'));
  await sweep();
  const sweeper = setInterval(sweep, ABANDONED_AFTER_MS);
  sweeper.unref();

  const metrics = serviceMetrics(SERVICE_NAME, database);
  const uploadedBytes = metrics.counter('upload_bytes_total', 'Bytes of attachments stored');
  const routes = Router();
  routes.use(
    fileRoutes(
      repository,
      courseAccess(config.COURSES_SERVICE_URL, {
        secret: config.IDENTITY_SECRET,
        timeoutMs: config.COURSES_TIMEOUT_MS,
      }),
      { maxBytes: config.MAX_FILE_BYTES, chunkBytes: config.CHUNK_BYTES },
      (bytes) => uploadedBytes.inc(bytes),
    ),
  );
  routes.use(
    eventInbox(database.db, {
      [EVENTS.courseDeleted]: async (trx, payload) => {
        await trx.deleteFrom('files').where('course_id', '=', courseDeletedSchema.parse(payload).courseId).execute();
      },
    }),
  );
  const server = await serveService({
    name: SERVICE_NAME,
    config,
    logger,
    database,
    routes,
    metrics,
    onStop: () => clearInterval(sweeper),
  });
  return { ...server, logger, database };
}
