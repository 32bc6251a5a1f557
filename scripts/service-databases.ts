import { openAuditDatabase } from '@portal/audit-service/app';
import { migrations as auditMigrations } from '@portal/audit-service/data-access/schema';
import { openAuthDatabase } from '@portal/auth-service/app';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { openCoursesDatabase } from '@portal/courses-service/app';
import { migrations as coursesMigrations } from '@portal/courses-service/data-access/schema';
import { openFilesDatabase } from '@portal/files-service/app';
import { migrations as filesMigrations } from '@portal/files-service/data-access/schema';
import { type Database, migrate } from '@portal/kit/db';
import { openTrainingDatabase } from '@portal/training-service/app';
import { migrations as trainingMigrations } from '@portal/training-service/data-access/schema';

/** Each service's database as the scripts open it: on the PostgreSQL server its variable names, else embedded in DATA_DIR. */
export const SERVICE_DATABASES = {
  auth: { open: openAuthDatabase, migrations: authMigrations, urlVariable: 'AUTH_DATABASE_URL' },
  courses: { open: openCoursesDatabase, migrations: coursesMigrations, urlVariable: 'COURSES_DATABASE_URL' },
  files: { open: openFilesDatabase, migrations: filesMigrations, urlVariable: 'FILES_DATABASE_URL' },
  audit: { open: openAuditDatabase, migrations: auditMigrations, urlVariable: 'AUDIT_DATABASE_URL' },
  training: { open: openTrainingDatabase, migrations: trainingMigrations, urlVariable: 'TRAINING_DATABASE_URL' },
};

type ServiceName = keyof typeof SERVICE_DATABASES;
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
      const { open, urlVariable } = SERVICE_DATABASES[name];
      const database = await open({ ...settings, DATABASE_URL: process.env[urlVariable] });
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
