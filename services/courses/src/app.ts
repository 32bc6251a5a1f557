import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database, migrate, openDatabase } from '@portal/kit/db';
import { eventInbox, startOutboxRelay } from '@portal/kit/events';
import { createLogger, type Logger } from '@portal/kit/logger';
import { serveService } from '@portal/kit/serve';
import { EVENTS, userDeletedSchema } from '@portal/contracts/events';
import { Router } from 'express';
import type { CoursesConfig } from './config.ts';
import { categoriesRepository } from './data-access/categories-repository.ts';
import { coursesRepository } from './data-access/courses-repository.ts';
import { participationsRepository, removeUserEverywhere } from './data-access/participations-repository.ts';
import { type CoursesDatabase, migrations } from './data-access/schema.ts';
import { categories as createCategories } from './domain/categories.ts';
import { courses as createCourses } from './domain/courses.ts';
import { EXAMPLE_CATEGORIES, EXAMPLE_COURSES } from './domain/examples.ts';
import { filesClient, usersClient } from './domain/service-clients.ts';
import { categoryRoutes, courseRoutes } from './entry-points/api/routes.ts';

export const SERVICE_NAME = 'courses';

export function openCoursesDatabase(config: Pick<CoursesConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openDatabase<CoursesDatabase>({
    url: config.DATABASE_URL,
    embeddedDir: config.DATA_DIR === 'memory' ? 'memory' : path.join(config.DATA_DIR, SERVICE_NAME),
    poolSize: config.DATABASE_POOL_SIZE,
    pgliteExtensions: { pg_trgm },
  });
}

export function useCases(database: Database<CoursesDatabase>, config: CoursesConfig) {
  const clientOptions = { secret: config.IDENTITY_SECRET, timeoutMs: config.FILES_TIMEOUT_MS };
  const categoryRepository = categoriesRepository(database.db);
  return {
    categories: createCategories(categoryRepository),
    courses: createCourses({
      courses: coursesRepository(database.db),
      categories: categoryRepository,
      participations: participationsRepository(database.db),
      filesOf: filesClient(config.FILES_SERVICE_URL, clientOptions),
      userExists: usersClient(config.AUTH_SERVICE_URL, clientOptions),
    }),
  };
}

/** Seeds a fresh database only: once anything exists, nothing is added. */
async function seedExamples(database: Database<CoursesDatabase>, config: CoursesConfig, logger: Logger) {
  const repository = categoriesRepository(database.db);
  if (!(await repository.isEmpty())) return;
  const ids = new Map<string, string>();
  for (const name of EXAMPLE_CATEGORIES) {
    const category = await repository.insert(name);
    if (category) ids.set(name, category.id);
  }
  const { courses } = useCases(database, config);
  const seeder = {
    identity: { sub: '00000000-0000-4000-8000-000000000000', admin: true, lang: 'en' as const, exp: 0 },
    requestId: 'seed',
  };
  for (const { categories, ...course } of EXAMPLE_COURSES) {
    await courses.create({ ...course, categoryIds: categories.map((name) => ids.get(name) ?? '') }, seeder);
  }
  logger.info({ categories: EXAMPLE_CATEGORIES.length, courses: EXAMPLE_COURSES.length }, 'example content seeded');
}

export async function startCoursesService(config: CoursesConfig) {
  const logger = createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const database = await openCoursesDatabase(config);
  await migrate(database.db, SERVICE_NAME, migrations, logger);
  if (config.SEED_EXAMPLES) await seedExamples(database, config, logger);
  const { categories, courses } = useCases(database, config);

  const routes = Router();
  routes.use(categoryRoutes(categories));
  routes.use(courseRoutes(courses));
  routes.use(
    eventInbox(database.db, {
      [EVENTS.userDeleted]: async (trx, payload) => removeUserEverywhere(trx, userDeletedSchema.parse(payload).userId),
    }),
  );
  // Deleted courses take their files along: delivered to the files service once it is there.
  const relay = config.FILES_SERVICE_URL
    ? startOutboxRelay({
        db: database.db,
        subscribers: { [EVENTS.courseDeleted]: [config.FILES_SERVICE_URL] },
        identitySecret: config.IDENTITY_SECRET,
        logger,
      })
    : undefined;
  const server = await serveService({ name: SERVICE_NAME, config, logger, database, routes, relay });
  return { ...server, logger, database, relay };
}
