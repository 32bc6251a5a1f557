import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { systemAuditContext } from '@portal/kit/audit';
import { type Database, openServiceDatabase } from '@portal/kit/db';
import type { Logger } from '@portal/kit/logger';
import type { ServiceClient } from '@portal/kit/service-client';
import { type ServiceContext, startService } from '@portal/kit/start-service';
import { Router } from 'express';
import type { CoursesConfig } from './config.ts';
import { categoriesRepository } from './data-access/categories-repository.ts';
import { coursesRepository } from './data-access/courses-repository.ts';
import { filesOfCourse, userExistence, userLanguage, userProfile } from './data-access/other-services.ts';
import { lessonsRepository } from './data-access/lessons-repository.ts';
import { participationsRepository } from './data-access/participations-repository.ts';
import { resultsRepository } from './data-access/results-repository.ts';
import { type CoursesDatabase, migrations } from './data-access/schema.ts';
import { personalData } from './data-access/personal-data.ts';
import { categories as createCategories } from './domain/categories.ts';
import { settleAuthorLanguagesInBackground } from './domain/author-languages.ts';
import { courses as createCourses } from './domain/courses.ts';
import { EXAMPLE_CATEGORIES, EXAMPLE_COURSES } from './domain/examples.ts';
import { lessons as createLessons } from './domain/lessons.ts';
import { resultContent, resultStorage } from './domain/result-upload.ts';
import { categoryRoutes, courseRoutes } from './entry-points/api/routes.ts';
import { lessonRoutes } from './entry-points/api/lesson-routes.ts';
import { courseEventHandlers } from './entry-points/events/handlers.ts';

export const SERVICE_NAME = 'courses';
/** Results are stored in chunks of this size, as the files service stores attachments (GridFS uses 255 KiB). */
const RESULT_CHUNK_BYTES = 255 * 1024;
const PGLITE_EXTENSIONS = { pg_trgm };

export function openCoursesDatabase(config: Pick<CoursesConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openServiceDatabase<CoursesDatabase>(SERVICE_NAME, config, { pgliteExtensions: PGLITE_EXTENSIONS });
}

/** The use cases on a database, with the other services they ask (none given: files unavailable, users unknown). */
export function useCases(
  database: Database<CoursesDatabase>,
  services: { auth?: ServiceClient | undefined; files?: ServiceClient | undefined } = {},
) {
  const categoryRepository = categoriesRepository(database.db);
  const courseRepository = coursesRepository(database.db);
  const results = resultsRepository(database.db);
  const filesOf = filesOfCourse(services.files);
  return {
    categories: createCategories(categoryRepository),
    courses: createCourses({
      courses: courseRepository,
      categories: categoryRepository,
      participations: participationsRepository(database.db),
      results,
      filesOf,
      userExists: services.auth ? userExistence(services.auth) : async () => false,
      profileOf: services.auth ? userProfile(services.auth) : undefined,
    }),
    results,
    lessons: createLessons({ courses: courseRepository, lessons: lessonsRepository(database.db), filesOf }),
    /** Gives migrated courses their authors' languages, in the background until the auth service answers. */
    settleAuthorLanguages: (logger: Logger) =>
      services.auth
        ? settleAuthorLanguagesInBackground(courseRepository, userLanguage(services.auth), logger)
        : undefined,
  };
}
export type UseCases = ReturnType<typeof useCases>;

/** The example content's changes on the audit trail: made by no one, at start-up. */
const SEEDING = systemAuditContext('SEED_EXAMPLES');

/** Seeds a fresh database only: once anything exists, nothing is added. */
async function seedExamples({ categories, courses }: UseCases, logger: Logger) {
  if ((await categories.list('en')).length > 0) return;
  const ids = new Map<string, string>();
  for (const { key, names } of EXAMPLE_CATEGORIES) {
    ids.set(key, (await categories.create({ names, defaultLanguage: 'en' }, 'en', 'en', SEEDING)).id);
  }
  const seeder = { sub: '00000000-0000-4000-8000-000000000000', admin: true, lang: 'en' as const, exp: 0 };
  for (const { categories: keys, ...course } of EXAMPLE_COURSES) {
    await courses.create({ ...course, categoryIds: keys.map((key) => ids.get(key) ?? '') }, seeder, 'en', SEEDING);
  }
  logger.info({ categories: EXAMPLE_CATEGORIES.length, courses: EXAMPLE_COURSES.length }, 'example content seeded');
}

export function startCoursesService(config: CoursesConfig) {
  let cases: UseCases | undefined;
  const casesOf = ({ database, client }: ServiceContext<CoursesDatabase>) =>
    (cases ??= useCases(database, {
      auth: client('auth', config.AUTH_SERVICE_URL, config.AUTH_TIMEOUT_MS),
      files: config.FILES_SERVICE_URL ? client('files', config.FILES_SERVICE_URL, config.FILES_TIMEOUT_MS) : undefined,
    }));
  return startService<CoursesDatabase>({
    name: SERVICE_NAME,
    config,
    migrations,
    personalData,
    pgliteExtensions: PGLITE_EXTENSIONS,
    beforeServing: async (context) => {
      if (config.SEED_EXAMPLES) await seedExamples(casesOf(context), context.logger);
      return casesOf(context).settleAuthorLanguages(context.logger);
    },
    routes: (context) => {
      const { categories, courses, results, lessons } = casesOf(context);
      const uploads = {
        storage: resultStorage(results, {
          maxBytes: config.MAX_FILE_BYTES,
          chunkBytes: RESULT_CHUNK_BYTES,
          now: () => new Date(),
        }),
        maxBytes: config.MAX_FILE_BYTES,
        content: (resultId: string) => resultContent(results, resultId),
        discard: (resultId: string) => results.discard(resultId),
      };
      return Router().use(categoryRoutes(categories), courseRoutes(courses, uploads), lessonRoutes(lessons));
    },
    eventHandlers: courseEventHandlers,
  });
}
