import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import { openAuditDatabase } from '@portal/audit-service/app';
import { entriesRepository } from '@portal/audit-service/data-access/entries-repository';
import { migrations as auditMigrations } from '@portal/audit-service/data-access/schema';
import { accountsFor, openAuthDatabase } from '@portal/auth-service/app';
import { loadAuthConfig } from '@portal/auth-service/config';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { openCoursesDatabase, useCases } from '@portal/courses-service/app';
import { migrations as coursesMigrations } from '@portal/courses-service/data-access/schema';
import { openFilesDatabase } from '@portal/files-service/app';
import { filesRepository } from '@portal/files-service/data-access/files-repository';
import { migrations as filesMigrations } from '@portal/files-service/data-access/schema';
import { storeStream } from '@portal/files-service/domain/chunk-storage';
import { systemAuditContext } from '@portal/kit/audit';
import { migrate } from '@portal/kit/db';
import { seedEmbeddedDatabase } from '@portal/kit/testing/backends';
import { openQuizzesDatabase } from '@portal/quizzes-service/app';
import { migrations as quizzesMigrations } from '@portal/quizzes-service/data-access/schema';
import { openTrainingDatabase } from '@portal/training-service/app';
import { assignmentsRepository } from '@portal/training-service/data-access/assignments-repository';
import { readModel } from '@portal/training-service/data-access/read-model';
import { migrations as trainingMigrations } from '@portal/training-service/data-access/schema';
import { REBUILT_TABLES, SERVICE_TABLES, type ServiceName } from './backup.ts';

const run = promisify(execFile);
const admin = path.resolve('scripts/admin.ts');
const env = { IDENTITY_SECRET: 'x'.repeat(32), PORT: '0' };
/** The audit service's key, which audit-verify checks the entries' MACs under. */
const AUDIT_CHAIN_KEY = 'k'.repeat(32);

/** Each service's embedded database, started from the suite's initialised cluster where there is one (no initdb). */
async function seedAll(dataDir: string) {
  for (const service of ['auth', 'courses', 'files', 'audit', 'training', 'quizzes'])
    await seedEmbeddedDatabase(dataDir, service);
}

async function openAll(dataDir: string) {
  const config = { DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1, DATABASE_URL: undefined };
  const databases = {
    auth: await openAuthDatabase(config),
    courses: await openCoursesDatabase(config),
    files: await openFilesDatabase(config),
    audit: await openAuditDatabase(config),
    training: await openTrainingDatabase(config),
    quizzes: await openQuizzesDatabase(config),
  };
  await migrate(databases.auth.db, 'auth', authMigrations);
  await migrate(databases.courses.db, 'courses', coursesMigrations);
  await migrate(databases.files.db, 'files', filesMigrations);
  await migrate(databases.audit.db, 'audit', auditMigrations);
  await migrate(databases.training.db, 'training', trainingMigrations);
  await migrate(databases.quizzes.db, 'quizzes', quizzesMigrations);
  return databases;
}

/** Every row of every table, as comparable JSON. */
async function snapshot(databases: Record<ServiceName, { db: Kysely<any> }>) {
  const tables: Record<string, unknown[]> = {};
  for (const [service, list] of Object.entries(SERVICE_TABLES) as [
    ServiceName,
    (typeof SERVICE_TABLES)[ServiceName],
  ][]) {
    for (const [table, order] of list) {
      const rows = await sql`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(
        databases[service].db,
      );
      tables[`${service}.${table}`] = JSON.parse(
        JSON.stringify(rows.rows, (_key, value: unknown) =>
          value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
        ),
      );
    }
  }
  return tables;
}

/** Four child processes each open the five services' databases: on a busy machine that is minutes, not seconds. */
const BACKUP_ROUND_TRIP_MS = 240_000;

describe('npm run admin -- backup / restore', () => {
  let dataDir: string;
  let work: string;
  let before: Record<string, unknown[]>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
    dataDir = path.join(work, 'data');
    await seedAll(dataDir);
    const databases = await openAll(dataDir);
    const authConfig = loadAuthConfig({ ...env, DATA_DIR: dataDir });
    const user = await accountsFor(databases.auth, authConfig).register({
      email: 'mia@example.ch',
      password: 'Lantern-Orbit-Kite-42',
      name: 'Mia',
    });
    const { categories, courses } = useCases(databases.courses);
    const category = await categories.create(
      { names: { en: 'Backups', de: 'Datensicherung', rm: 'Copias da segirezza' }, defaultLanguage: 'en' },
      'en',
      'en',
      systemAuditContext('test'),
    );
    const identity = { sub: user.id, admin: true, lang: 'en' as const, exp: 0 };
    const course = await courses.create(
      {
        defaultLanguage: 'de',
        texts: {
          de: { title: 'Gesichert', description: '<p>Sicher <strong>aufbewahrt</strong></p>' },
          rm: {
            title: 'Segirà',
            shortDescription: 'Bain tgirà',
            description: '<p>Tgirà <strong>a moda segira</strong></p>',
          },
        },
        isPublished: true,
        categoryIds: [category.id],
      },
      identity,
      'en',
      systemAuditContext('test'),
    );
    await courses.create(
      {
        title: 'Kept',
        description: '<p>Kept <strong>safe</strong></p>',
        isPublished: true,
        categoryIds: [category.id],
      },
      identity,
      'en',
      systemAuditContext('test'),
    );
    await courses.start(course.id, identity);
    await storeStream(
      filesRepository(databases.files.db),
      Readable.from([Buffer.from('first chunk, '), Buffer.alloc(3000, 7)]),
      { courseId: course.id, originalName: 'Übersicht.pdf', mimeType: 'application/pdf' },
      { chunkBytes: 1024, maxBytes: 1_000_000 },
    );
    for (const action of ['user.signed-in', 'course.created'])
      await entriesRepository(databases.audit.db, AUDIT_CHAIN_KEY).append(
        {
          occurredAt: new Date().toISOString(),
          actor: { id: user.id, name: 'Mia' },
          from: { ip: '192.0.2.1' },
          action,
          object: { type: 'course', id: course.id },
          outcome: 'success',
          service: 'courses',
        },
        new Date(),
      );
    const training = readModel(databases.training.db);
    const groupId = '5e2a1c3e-4b1d-4c8e-9f00-000000000001';
    await training.userChanged({
      userId: user.id,
      name: 'Mia',
      email: 'mia@example.ch',
      language: 'de',
      status: 'active',
      isSysAdmin: false,
    });
    await training.groupChanged(groupId, 'Backups team');
    await training.memberAdded({ groupId, userId: user.id, joinedAt: new Date().toISOString() });
    await training.courseChanged({
      courseId: course.id,
      titles: { de: 'Gesichert', rm: 'Segirà' },
      defaultLanguage: 'de',
      published: true,
      completionProof: 'confirmation',
    });
    await training.completionRecorded({
      userId: user.id,
      courseId: course.id,
      completedAt: new Date().toISOString(),
      evidence: [
        {
          lessonId: '5e2a1c3e-4b1d-4c8e-9f00-000000000006',
          attemptId: '5e2a1c3e-4b1d-4c8e-9f00-000000000007',
          scorePercent: 87.5,
          attemptsUsed: 2,
          passedAt: new Date().toISOString(),
        },
      ],
    });
    await training.quizAttemptsExhausted({
      courseId: course.id,
      lessonId: '5e2a1c3e-4b1d-4c8e-9f00-000000000008',
      userId: user.id,
      attemptId: '5e2a1c3e-4b1d-4c8e-9f00-000000000009',
      scorePercent: 25,
      attemptsUsed: 3,
      exhaustedAt: new Date().toISOString(),
    });
    await assignmentsRepository(databases.training.db).create({
      id: '5e2a1c3e-4b1d-4c8e-9f00-000000000002',
      courseId: course.id,
      userIds: [user.id],
      groupIds: [groupId],
      mandatory: true,
      dueAt: null,
      dueInDays: 14,
      recurEveryMonths: 12,
      createdAt: new Date(),
      createdBy: user.id,
    });
    await databases.training.db
      .insertInto('reminders_sent')
      .values({
        assignment_id: '5e2a1c3e-4b1d-4c8e-9f00-000000000002',
        user_id: user.id,
        kind: 'assigned',
        cycle_due_at: new Date(0),
        sent_at: new Date(),
      })
      .execute();
    await databases.training.db
      .insertInto('digests_sent')
      .values({ user_id: user.id, day: '2026-03-02', sent_at: new Date() })
      .execute();
    const quizCourse = '5e2a1c3e-4b1d-4c8e-9f00-000000000003';
    const quizLesson = '5e2a1c3e-4b1d-4c8e-9f00-000000000004';
    await databases.quizzes.db.insertInto('courses').values({ course_id: quizCourse, published: true }).execute();
    await databases.quizzes.db
      .insertInto('attempts')
      .values({
        attempt_id: '5e2a1c3e-4b1d-4c8e-9f00-000000000005',
        lesson_id: quizLesson,
        course_id: quizCourse,
        user_id: user.id,
        seed: 42,
        shown: JSON.stringify([{ questionId: quizLesson, version: 1, optionIds: ['true', 'false'] }]),
        answers: JSON.stringify({ [quizLesson]: { optionIds: ['true'] } }),
        started_at: new Date(),
        ends_at: null,
      })
      .execute();
    await databases.quizzes.db
      .insertInto('quiz_grants')
      .values({
        grant_id: '5e2a1c3e-4b1d-4c8e-9f00-000000000006',
        lesson_id: quizLesson,
        course_id: quizCourse,
        user_id: user.id,
        kind: 'extra_attempt',
        reason: 'Was ill on the day',
        granted_at: new Date(),
      })
      .execute();
    await databases.quizzes.db.insertInto('people').values({ user_id: user.id, name: 'Mia' }).execute();
    before = await snapshot(databases);
    await Promise.all(Object.values(databases).map((database) => database.close()));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('when a service has a table, then the backup knows it (a new table without a place in SERVICE_TABLES fails here)', async () => {
    const databases = await openAll(dataDir);
    try {
      for (const [service, database] of Object.entries(databases) as [ServiceName, (typeof databases)[ServiceName]][]) {
        const { rows } = await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
        const known = [...SERVICE_TABLES[service].map(([table]) => table), ...(REBUILT_TABLES[service] ?? [])];
        expect(rows.map((row) => row.name).sort()).toEqual(known.sort());
      }
    } finally {
      await Promise.all(Object.values(databases).map((database) => database.close()));
    }
  });

  it(
    'when the data is backed up, wiped and restored, then every row of every service is back',
    async () => {
      const archive = path.join(work, 'portal.backup.gz');
      await run(process.execPath, [admin, 'backup', archive], { env: { ...process.env, DATA_DIR: dataDir } });
      await rm(dataDir, { recursive: true, force: true });
      await seedAll(dataDir);
      const { stdout } = await run(process.execPath, [admin, 'restore', archive], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
      expect(stdout).toContain('files.file_chunks 3');

      const databases = await openAll(dataDir);
      const after = await snapshot(databases);
      const accounts = accountsFor(databases.auth, loadAuthConfig({ ...env, DATA_DIR: dataDir }));
      const user = await accounts.login('mia@example.ch', 'Lantern-Orbit-Kite-42');
      await Promise.all(Object.values(databases).map((database) => database.close()));
      expect(after).toEqual(before);
      expect(before['files.file_chunks']).toHaveLength(3);
      expect(before['courses.course_texts']).toHaveLength(3);
      expect(before['courses.category_names']).toHaveLength(3);
      expect(before['training.assigned_people']).toEqual([
        expect.objectContaining({ direct: true, group_ids: ['5e2a1c3e-4b1d-4c8e-9f00-000000000001'] }),
      ]);
      expect(before['training.reminders_sent']).toEqual([expect.objectContaining({ kind: 'assigned' })]);
      expect(before['training.digests_sent']).toHaveLength(1);
      expect(before['quizzes.attempts']).toHaveLength(1);
      expect(before['quizzes.quiz_grants']).toEqual([expect.objectContaining({ reason: 'Was ill on the day' })]);
      expect(before['quizzes.people']).toEqual([{ user_id: user.id, name: 'Mia' }]);
      expect(user.name).toBe('Mia');
      expect(before['audit.audit_entries']).toHaveLength(2);
      const verified = await run(process.execPath, [admin, 'audit-verify'], {
        env: { ...process.env, DATA_DIR: dataDir, AUDIT_CHAIN_KEY },
      });
      expect(verified.stdout).toContain('The audit trail is intact: 2 entries verified.');
    },
    BACKUP_ROUND_TRIP_MS,
  );

  it('when the archive is not a backup, then restore refuses and changes nothing', async () => {
    const bogus = path.join(work, 'bogus.gz');
    await run('sh', ['-c', `echo '{"hello":1}' | gzip > ${bogus}`]);
    await expect(
      run(process.execPath, [admin, 'restore', bogus], { env: { ...process.env, DATA_DIR: dataDir } }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not a course-portal backup'),
    });
  });

  it('when an archive made before course languages existed is restored, then its courses come back as English texts', async () => {
    const old = path.join(work, 'before-languages.backup.gz');
    const upTo002 = coursesMigrations.slice(
      0,
      coursesMigrations.findIndex((migration) => migration.id === '002-short-description-block-separators') + 1,
    );
    const categoryId = '00000000-0000-4000-8000-0000000000c1';
    const courseId = '00000000-0000-4000-8000-0000000000c2';
    const rows = [
      ...upTo002.map((migration) => ({
        table: 'schema_migrations',
        row: { id: migration.id, applied_at: '2026-11-01T00:00:00.000Z' },
      })),
      { table: 'categories', row: { id: categoryId, name: 'Alte Kategorie', created_at: '2026-11-01T00:00:00.000Z' } },
      {
        table: 'courses',
        row: {
          id: courseId,
          title: 'Before languages',
          description_html: '<p>Kept <strong>across</strong> the upgrade</p>',
          short_description: 'Kept across the upgrade',
          search_text: 'before languages kept across the upgrade',
          is_published: true,
          created_by: null,
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      },
      { table: 'course_categories', row: { course_id: courseId, category_id: categoryId } },
    ];
    const lines = [
      JSON.stringify({ format: 'course-portal-backup/1', createdAt: '2026-11-01T00:00:00.000Z' }),
      ...rows.map((line) => JSON.stringify({ service: 'courses', ...line })),
    ];
    await writeFile(old, gzipSync(`${lines.join('\n')}\n`));
    await run(process.execPath, [admin, 'restore', old], { env: { ...process.env, DATA_DIR: dataDir } });

    const databases = await openAll(dataDir);
    try {
      const { categories, courses } = useCases(databases.courses);
      const reader = { sub: '00000000-0000-4000-8000-0000000000c3', admin: false, lang: 'rm' as const, exp: 0 };
      const course = await courses.get(courseId, { identity: reader, requestId: 'restore-test' }, { lang: 'rm' });
      expect(course).toMatchObject({
        title: 'Before languages',
        description: '<p>Kept <strong>across</strong> the upgrade</p>',
        shortDescription: 'Kept across the upgrade',
        language: 'en',
        defaultLanguage: 'en',
        languages: ['en'],
        categories: [{ id: categoryId, name: 'Alte Kategorie' }],
      });
      expect(await categories.list('fr')).toEqual([{ id: categoryId, name: 'Alte Kategorie' }]);
      const applied = await sql<{ id: string }>`select id from schema_migrations order by id`.execute(
        databases.courses.db,
      );
      expect(applied.rows.map((row) => row.id)).toEqual(coursesMigrations.map((migration) => migration.id).sort());
      // The users of the auth service were left as they were.
      const accounts = accountsFor(databases.auth, loadAuthConfig({ ...env, DATA_DIR: dataDir }));
      expect((await accounts.login('mia@example.ch', 'Lantern-Orbit-Kite-42')).name).toBe('Mia');
    } finally {
      await Promise.all(Object.values(databases).map((database) => database.close()));
    }
  });

  it('when an audit entry was changed in the database, then audit-verify fails and names it', async () => {
    const databases = await openAll(dataDir);
    const db = databases.audit.db;
    await sql`alter table audit_entries disable trigger audit_entries_no_change`.execute(db);
    await sql`update audit_entries set record = jsonb_set(record, '{action}', '"course.deleted"'), action = 'course.deleted' where seq = 2`.execute(
      db,
    );
    await sql`alter table audit_entries enable trigger audit_entries_no_change`.execute(db);
    await Promise.all(Object.values(databases).map((database) => database.close()));
    await expect(
      run(process.execPath, [admin, 'audit-verify'], { env: { ...process.env, DATA_DIR: dataDir, AUDIT_CHAIN_KEY } }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The audit trail is broken at entry 2: its content does not match its hash'),
    });
  });
});
