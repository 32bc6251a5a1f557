// `npm run seed -- --courses N [--users M] [--participations P] [--languages L]`: large data sets for benchmarks
// and demos (each course with texts in L languages, 1 to 5),
// written straight into the services' databases (stop the portal first when it runs on the embedded ones).
import { parseArgs } from 'node:util';
import { loadConfig, serviceConfigShape } from '@portal/kit/config';
import { seedBulk } from './bulk-seed.ts';
import { withServiceDatabases } from './service-databases.ts';

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
await withServiceDatabases(['auth', 'courses'], { DATA_DIR, DATABASE_POOL_SIZE }, async (databases) => {
  const started = Date.now();
  const result = await seedBulk(databases, {
    courses: Number(values.courses),
    users: Number(values.users),
    participationsPerUser: Number(values.participations),
    languagesPerCourse: Number(values.languages),
  });
  console.log(
    `Seeded ${result.courses} courses (${result.languagesPerCourse} languages each) in ${result.categories} categories, ${result.users} users (password ${result.password}) with ${result.participations} participations in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
