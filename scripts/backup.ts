// Back up and restore every service's data to and from one archive: gzip-compressed JSON lines, one line a
// row, written and read as a stream (attachment chunks included), so that neither side holds the data whole.
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { applyMigration, type Migration } from '../services/kit/src/db.ts';

/** Tables in the order they are restored (parents before children), with the columns that order their rows. */
export const SERVICE_TABLES = {
  auth: [
    ['schema_migrations', 'id'],
    ['users', 'id'],
    ['password_reset_tokens', 'token_hash'],
    ['groups', 'id'],
    ['group_members', 'group_id, user_id'],
    ['scim_tokens', 'id'],
    ['sso_settings', 'id'],
    ['scim_settings', 'id'],
    ['outbox', 'id'],
    ['processed_events', 'event_id'],
  ],
  courses: [
    ['schema_migrations', 'id'],
    ['categories', 'id'],
    ['category_names', 'category_id, language'],
    ['courses', 'id'],
    ['course_texts', 'course_id, language'],
    ['course_categories', 'course_id, category_id'],
    ['participations', 'course_id, user_id'],
    ['completions', 'course_id, user_id, completed_at'],
    ['course_results', 'id'],
    ['course_result_chunks', 'result_id, n'],
    ['lessons', 'id'],
    ['lesson_views', 'user_id, lesson_id'],
    ['quiz_passes', 'user_id, lesson_id'],
    ['outbox', 'id'],
    ['processed_events', 'event_id'],
  ],
  files: [
    ['schema_migrations', 'id'],
    ['files', 'id'],
    ['file_chunks', 'file_id, n'],
    ['outbox', 'id'],
    ['processed_events', 'event_id'],
  ],
  audit: [
    ['schema_migrations', 'id'],
    ['audit_entries', 'seq'],
    ['audit_pruned', 'through_seq'],
    ['audit_sink_position', 'sink'],
    ['outbox', 'id'],
    ['processed_events', 'event_id'],
  ],
  training: [
    ['schema_migrations', 'id'],
    ['people', 'user_id'],
    ['groups', 'group_id'],
    ['group_members', 'group_id, user_id'],
    ['courses', 'course_id'],
    ['participations', 'user_id, course_id'],
    ['completions', 'user_id, course_id, completed_at'],
    ['assignments', 'id'],
    ['assignment_targets', 'assignment_id, kind, target_id'],
    ['assigned_people', 'assignment_id, user_id'],
    ['reminders_sent', 'assignment_id, user_id, kind, cycle_due_at'],
    ['digests_sent', 'user_id, day'],
    ['course_progress', 'user_id, course_id'],
    ['result_mails', 'result_id'],
    ['pending_results', 'result_id'],
    ['completion_quizzes', 'user_id, course_id, completed_at, lesson_id'],
    ['attempts_exhausted', 'user_id, lesson_id'],
    ['outbox', 'id'],
    ['processed_events', 'event_id'],
  ],
  quizzes: [
    ['schema_migrations', 'id'],
    ['courses', 'course_id'],
    ['quiz_lessons', 'lesson_id'],
    ['questions', 'question_id'],
    ['question_versions', 'question_id, version'],
    ['attempts', 'attempt_id'],
    ['quiz_grants', 'grant_id'],
    ['people', 'user_id'],
    ['outbox', 'id'],
    ['processed_events', 'event_id'],
  ],
} as const;
export type ServiceName = keyof typeof SERVICE_TABLES;
/** Tables a service rebuilds itself (a counter its triggers keep), which an archive leaves out. */
export const REBUILT_TABLES: Partial<Record<ServiceName, readonly string[]>> = { courses: ['catalogue_version'] };
export type ServiceDatabases = Record<ServiceName, Kysely<unknown>>;
/** Each service's migrations in order: an older archive is restored at its level, then migrated. */
export type ServiceMigrations = Record<ServiceName, Migration[]>;

const BATCH = 200;
const FORMAT = 'course-portal-backup/1';

type Row = Record<string, unknown>;

function encode(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Uint8Array
        ? { $bytes: Buffer.from(value).toString('base64') }
        : value instanceof Date
          ? value.toISOString()
          : value,
    ]),
  );
}

function decode(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      if (value && typeof value === 'object' && '$bytes' in value)
        return [key, Buffer.from(String(value.$bytes), 'base64')];
      // An array is an SQL array (text[]); jsonb values (objects) go back as JSON text, the same on PGlite and pg.
      if (value && typeof value === 'object' && !Array.isArray(value)) return [key, JSON.stringify(value)];
      return [key, value];
    }),
  );
}

async function* lines(databases: ServiceDatabases) {
  yield `${JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString() })}\n`;
  for (const [service, tables] of Object.entries(SERVICE_TABLES) as [
    ServiceName,
    (typeof SERVICE_TABLES)[ServiceName],
  ][]) {
    for (const [table, order] of tables) {
      for (let offset = 0; ; offset += BATCH) {
        const rows =
          await sql<Row>`select * from ${sql.table(table)} order by ${sql.raw(order)} limit ${BATCH} offset ${offset}`.execute(
            databases[service],
          );
        for (const row of rows.rows) yield `${JSON.stringify({ service, table, row: encode(row) })}\n`;
        if (rows.rows.length < BATCH) break;
      }
    }
  }
}

/** Writes every service's rows into one gzip file. */
export async function backup(databases: ServiceDatabases, file: string): Promise<void> {
  await pipeline(Readable.from(lines(databases)), createGzip(), createWriteStream(file, { mode: 0o600 }));
}

/**
 * Replaces every service's rows with the archive's, each service in one transaction: on any error nothing of
 * that service changes. The archive must come from the same schema or an older one of the same line of
 * migrations: an older archive's service gets its tables as they were then, its rows, then the later
 * migrations (so a backup made before an upgrade restores after it); any other schema leaves that service as
 * it was.
 */
export async function restore(
  databases: ServiceDatabases,
  file: string,
  migrations: ServiceMigrations,
): Promise<Record<string, number>> {
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = input[Symbol.asyncIterator]();
  const header = JSON.parse(String((await iterator.next()).value ?? '{}')) as { format?: string };
  if (header.format !== FORMAT) throw new Error(`${file} is not a course-portal backup`);

  type Line = { service: ServiceName; table: string; row: Row };
  const parse = (text: string): Line => JSON.parse(text) as Line;
  const counts: Record<string, number> = {};
  let next = await iterator.next();
  // The archive holds each service's rows together, tables in restore order (its applied migrations first):
  // one pass, one service at a time.
  while (!next.done) {
    const { service } = parse(next.value);
    const tables = SERVICE_TABLES[service];
    if (!tables) throw new Error(`unknown service ${service} in the archive`);
    await databases[service].transaction().execute(async (trx) => {
      const applied = await sql<{ id: string }>`select id from schema_migrations order by id`.execute(trx);
      const archived: Row[] = [];
      while (!next.done) {
        const line = parse(next.value);
        if (line.service !== service || line.table !== 'schema_migrations') break;
        archived.push(decode(line.row));
        next = await iterator.next();
      }
      const archivedIds = archived.map((row) => String(row.id));
      const known = migrations[service];
      const earlier = known.slice(0, archivedIds.length);
      const isOlder =
        archivedIds.length > 0 &&
        archivedIds.length < known.length &&
        earlier.every((migration) => archivedIds.includes(migration.id)) &&
        archivedIds.every((id) => applied.rows.some((row) => row.id === id));
      if (!isOlder && [...archivedIds].sort().join() !== applied.rows.map((row) => row.id).join()) {
        throw new Error(`the archive's ${service} schema (${archivedIds.join(', ')}) is not this database's`);
      }
      if (isOlder) {
        // The tables as the archive's migrations left them, to take its rows as they are.
        for (const [table] of [...tables].reverse())
          await sql`drop table if exists ${sql.table(table)} cascade`.execute(trx);
        await sql`create table schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
          trx,
        );
        for (const migration of earlier) await applyMigration(trx, migration);
        await sql`delete from schema_migrations`.execute(trx);
      } else {
        // A restore replaces the audit trail whole: its append-only trigger lets this transaction, as it lets pruning.
        if (service === 'audit') await sql`select set_config('audit.pruning', 'on', true)`.execute(trx);
        for (const [table] of [...tables].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
      }
      await trx
        .insertInto('schema_migrations' as never)
        .values(archived as never)
        .execute();
      counts[`${service}.schema_migrations`] = archived.length;
      let batch: Row[] = [];
      let table = '';
      const flush = async () => {
        if (batch.length === 0) return;
        await trx
          .insertInto(table as never)
          .values(batch as never)
          .execute();
        counts[`${service}.${table}`] = (counts[`${service}.${table}`] ?? 0) + batch.length;
        batch = [];
      };
      while (!next.done) {
        const line = parse(next.value);
        if (line.service !== service) break;
        if (line.table !== table || batch.length >= BATCH) await flush();
        table = line.table;
        batch.push(decode(line.row));
        next = await iterator.next();
      }
      await flush();
      await sql`select setval(pg_get_serial_sequence('outbox', 'id'), coalesce((select max(id) from outbox), 0) + 1, false)`.execute(
        trx,
      );
      if (isOlder) for (const migration of known.slice(archivedIds.length)) await applyMigration(trx, migration);
    });
  }
  return counts;
}
