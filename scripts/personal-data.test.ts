import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { openAuditDatabase } from '@portal/audit-service/app';
import { personalData as auditData } from '@portal/audit-service/data-access/personal-data';
import { migrations as auditMigrations } from '@portal/audit-service/data-access/schema';
import { openAuthDatabase } from '@portal/auth-service/app';
import { personalData as authData } from '@portal/auth-service/data-access/personal-data';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { openCoursesDatabase } from '@portal/courses-service/app';
import { personalData as coursesData } from '@portal/courses-service/data-access/personal-data';
import { migrations as coursesMigrations } from '@portal/courses-service/data-access/schema';
import { openFilesDatabase } from '@portal/files-service/app';
import { personalData as filesData } from '@portal/files-service/data-access/personal-data';
import { migrations as filesMigrations } from '@portal/files-service/data-access/schema';
import { type Database, migrate } from '@portal/kit/db';
import { LANGUAGES } from '@portal/contracts/languages';
import { PERSON_COLUMNS, type PersonalData } from '@portal/kit/personal-data';
import { seedEmbeddedDatabase } from '@portal/kit/testing/backends';
import { openQuizzesDatabase } from '@portal/quizzes-service/app';
import { personalData as quizzesData } from '@portal/quizzes-service/data-access/personal-data';
import { migrations as quizzesMigrations } from '@portal/quizzes-service/data-access/schema';
import { openTrainingDatabase } from '@portal/training-service/app';
import { personalData as trainingData } from '@portal/training-service/data-access/personal-data';
import { migrations as trainingMigrations } from '@portal/training-service/data-access/schema';

// Moodle's rule for its Privacy API: a table that holds a person's id is exported, or the build fails.
const SERVICES = {
  auth: { open: openAuthDatabase, migrations: authMigrations, personalData: authData },
  courses: { open: openCoursesDatabase, migrations: coursesMigrations, personalData: coursesData },
  files: { open: openFilesDatabase, migrations: filesMigrations, personalData: filesData },
  audit: { open: openAuditDatabase, migrations: auditMigrations, personalData: auditData },
  training: { open: openTrainingDatabase, migrations: trainingMigrations, personalData: trainingData },
  quizzes: { open: openQuizzesDatabase, migrations: quizzesMigrations, personalData: quizzesData },
} as const;

describe('every service’s personal data is exported', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-personal-data-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each(Object.keys(SERVICES) as (keyof typeof SERVICES)[])(
    'when %s has a table with a person’s id, then its exporter lists that table and column and describes it in five languages',
    async (service) => {
      const { open, migrations, personalData } = SERVICES[service];
      await seedEmbeddedDatabase(dataDir, service);
      const database = (await open({
        DATA_DIR: dataDir,
        DATABASE_POOL_SIZE: 1,
        DATABASE_URL: undefined,
      })) as Database<unknown>;
      try {
        await migrate(database.db, service, migrations);
        const { rows } = await sql<{ table: string; column: string }>`
          select table_name as table, column_name as column from information_schema.columns
          where table_schema = current_schema()
            and (column_name in (${sql.join([...PERSON_COLUMNS])}) or (table_name = 'users' and column_name = 'id'))`.execute(
          database.db,
        );
        const exported: PersonalData = personalData;
        const missing = rows.filter((row) => exported.tables[row.table]?.userColumn !== row.column);
        expect(missing).toEqual([]);
        for (const language of LANGUAGES) {
          const t = exported.texts(language);
          const undescribed = Object.keys(exported.tables).filter(
            (table) =>
              !t(`personalData.${table}`, { defaultValue: '' }) ||
              (language !== 'en' && t(`personalData.${table}`) === exported.texts('en')(`personalData.${table}`)),
          );
          expect({ language, undescribed }).toEqual({ language, undescribed: [] });
        }
      } finally {
        await database.close();
      }
    },
  );
});
