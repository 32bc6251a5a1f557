// `npm run seed -- --courses N [--users M] [--participations P] [--languages L]`: large data sets for benchmarks
// and demos (each course with texts in L languages, 1 to 5),
// written straight into the services' databases (stop the portal first when it runs on the embedded ones).
import { parseArgs } from 'node:util';
import { loadConfig, serviceConfigShape } from '@portal/kit/config';
import { openAuthDatabase } from '@portal/auth-service/app';
import { openCoursesDatabase } from '@portal/courses-service/app';
import { seedBulk } from './bulk-seed.ts';
import { migrate } from '@portal/kit/db';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { migrations as coursesMigrations } from '@portal/courses-service/data-access/schema';

const { values } = parseArgs({
  options: {
    courses: { type: 'string', default: '100' },
    users: { type: 'string', default: '0' },
    participations: { type: 'string', default: '5' },
    languages: { type: 'string', default: '1' },
  },
});

const { DATA_DIR, DATABASE_POOL_SIZE } = loadConfig({
  DATA_DIR: serviceConfigShape.DATA_DIR,
  DATABASE_POOL_SIZE: serviceConfigShape.DATABASE_POOL_SIZE,
});
const auth = await openAuthDatabase({ DATA_DIR, DATABASE_POOL_SIZE, DATABASE_URL: process.env.AUTH_DATABASE_URL });
const courses = await openCoursesDatabase({
  DATA_DIR,
  DATABASE_POOL_SIZE,
  DATABASE_URL: process.env.COURSES_DATABASE_URL,
});
try {
  await migrate(auth.db, 'auth', authMigrations);
  await migrate(courses.db, 'courses', coursesMigrations);
  const started = Date.now();
  const result = await seedBulk(
    { auth: auth.db, courses: courses.db },
    {
      courses: Number(values.courses),
      users: Number(values.users),
      participationsPerUser: Number(values.participations),
      languagesPerCourse: Number(values.languages),
    },
  );
  console.log(
    `Seeded ${result.courses} courses (${result.languagesPerCourse} languages each) in ${result.categories} categories, ${result.users} users (password ${result.password}) with ${result.participations} participations in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await auth.close();
  await courses.close();
}
