import { openAuditDatabase } from '@portal/audit-service/app';
import { migrations as auditMigrations } from '@portal/audit-service/data-access/schema';
import { openAuthDatabase } from '@portal/auth-service/app';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { openCoursesDatabase } from '@portal/courses-service/app';
import { migrations as coursesMigrations } from '@portal/courses-service/data-access/schema';
import { openFilesDatabase } from '@portal/files-service/app';
import { migrations as filesMigrations } from '@portal/files-service/data-access/schema';
import { type Database, migrate } from '@portal/kit/db';
import { type ServiceName, TOPOLOGY } from '@portal/kit/topology';
import { openQuizzesDatabase } from '@portal/quizzes-service/app';
import { migrations as quizzesMigrations } from '@portal/quizzes-service/data-access/schema';
import { openTrainingDatabase } from '@portal/training-service/app';
import { migrations as trainingMigrations } from '@portal/training-service/data-access/schema';

/**
 * Each service's database as the scripts open it: on the PostgreSQL server its topology's databaseUrlVariable
 * names, else embedded in DATA_DIR. Every service of the topology has one.
 */
export const SERVICE_DATABASES = {
  auth: { open: openAuthDatabase, migrations: authMigrations },
  courses: { open: openCoursesDatabase, migrations: coursesMigrations },
  files: { open: openFilesDatabase, migrations: filesMigrations },
  audit: { open: openAuditDatabase, migrations: auditMigrations },
  training: { open: openTrainingDatabase, migrations: trainingMigrations },
  quizzes: { open: openQuizzesDatabase, migrations: quizzesMigrations },
} satisfies Record<ServiceName, unknown>;

type DatabaseOf<Name extends ServiceName> = Awaited<ReturnType<(typeof SERVICE_DATABASES)[Name]['open']>>['db'];

/** Opens and migrates the named services' databases for `work`, and closes them after it. */
export async function withServiceDatabases<Name extends ServiceName, T>(
  names: readonly Name[],
  settings: { DATA_DIR: string; DATABASE_POOL_SIZE: number },
  work: (databases: { [N in Name]: DatabaseOf<N> }) => Promise<T>,
): Promise<T> {
  // One loop over services of different schemas: each is opened and migrated as a database of unknown tables.
  const opened: { name: Name; database: Database<unknown> }[] = [];
  try {
    for (const name of names) {
      const database = await SERVICE_DATABASES[name].open({
        ...settings,
        DATABASE_URL: process.env[TOPOLOGY[name].databaseUrlVariable],
      });
      opened.push({ name, database: database as Database<unknown> });
    }
    for (const { name, database } of opened) await migrate(database.db, name, SERVICE_DATABASES[name].migrations);
    return await work(
      Object.fromEntries(opened.map(({ name, database }) => [name, database.db])) as { [N in Name]: DatabaseOf<N> },
    );
  } finally {
    await Promise.all(opened.map(({ database }) => database.close()));
  }
}
