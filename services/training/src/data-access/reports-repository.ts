import type { Language } from '@portal/contracts/languages';
import type { AccountStatus, TrainingStatus } from '@portal/contracts/training';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { TrainingDatabase } from './schema.ts';
import {
  assignedPeopleSql,
  type FiguresCursor,
  type FiguresFilter,
  overdueSql,
  reportPeopleSql,
} from './figures-sql.ts';
import { titleSql } from './status-sql.ts';

export interface ReportFilter extends FiguresFilter {
  status?: TrainingStatus | undefined;
  q?: string | undefined;
}

export interface ReportRow {
  user_id: string;
  name: string;
  email: string;
  course_id: string;
  course_title: string;
  mandatory: boolean;
  status: TrainingStatus;
  /** Dates as ISO 8601 text in UTC, written by the database: a million exported rows parse no dates. */
  assigned_at: string | null;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  /** active, pending, deactivated or deleted: the last two only when leavers are asked for. */
  account_status: string;
  person_name: string;
}

/** Where a keyset page starts: after this row in (course, name, person) order, the order of the course index. */
export type ReportCursor = FiguresCursor;

export interface ComplianceDbRow {
  group_id: string | null;
  group_name: string | null;
  course_id: string;
  course_title: string;
  assigned: number;
  completed_in_time: number;
  overdue: number;
}

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC). */
const isoSql = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The words of a CSV row in the reader's language, each already a CSV cell. */
export interface CsvWords {
  yes: string;
  no: string;
  deletedAccount: string;
  status: Record<TrainingStatus, string>;
  account: Record<AccountStatus, string>;
}

/** What a keyset batch's next batch starts after. */
interface CursorRow {
  course_id: string;
  person_name: string;
  user_id: string;
}

/**
 * A text column as a CSV cell: kept as text with a leading apostrophe where a spreadsheet would run it as a formula
 * (as `spreadsheetSafe` does), quoted where it holds a comma, a quote or a line break (as csv-stringify does).
 */
function csvCellSql(column: string) {
  const value = sql.ref(column);
  const safe = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || ${value}
    else ${value} end)`;
  return sql`(case when ${safe} ~ '[",\r\n]' then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
}

/**
 * The rows a batch at a time in the report's order, each batch asked for after the last row of the one before and
 * before that one is handed on: the database works while the reader writes.
 */
async function* keysetBatches<Row extends CursorRow>(
  batchAfter: (after: ReportCursor | undefined) => Promise<Row[]>,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let next = batchAfter(undefined);
  try {
    for (;;) {
      const batch = await next;
      const last = batch.at(-1);
      if (batch.length < batchSize || !last) {
        if (last) yield batch;
        return;
      }
      next = batchAfter({ courseId: last.course_id, personName: last.person_name, userId: last.user_id });
      yield batch;
    }
  } finally {
    // A reader that stopped early (a closed download) leaves the batch asked for ahead: its outcome is moot.
    next.catch(() => undefined);
  }
}

/**
 * `streamFetch`: the rows a cursor fetches at a time where the database streams a query's rows (PostgreSQL); none
 * where it answers a query whole (PGlite).
 */
export function reportsRepository(db: Kysely<TrainingDatabase>, streamFetch: number | undefined) {
  function rows(filter: ReportFilter, language: Language, now: Date, after?: ReportCursor) {
    const where: RawBuilder<unknown>[] = [sql`true`];
    if (filter.status) where.push(sql`r.status = ${filter.status}`);
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q)}%`;
      where.push(sql`(p.name ilike ${pattern} or p.email ilike ${pattern})`);
    }
    return sql<ReportRow>`select r.user_id, coalesce(p.name, '') as name, coalesce(p.email, '') as email, r.course_id,
        ${titleSql(language)} as course_title, r.mandatory, r.status, ${isoSql('r.assigned_at')} as assigned_at,
        ${isoSql('r.due_at')} as due_at, ${isoSql('r.started_at')} as started_at,
        ${isoSql('r.completed_at')} as completed_at, coalesce(p.status, 'active') as account_status, r.person_name
      from (${reportPeopleSql(filter, now, after)}) r
      left join people p on p.user_id = r.user_id
      left join courses c on c.course_id = r.course_id
      where ${sql.join(where, sql` and `)}`;
  }

  const ORDER = sql`order by r.course_id, r.person_name, r.user_id`;
  const ORDER_COLUMNS = ['r.course_id', 'r.person_name', 'r.user_id'] as const;

  return {
    async page(filter: ReportFilter, language: Language, now: Date, limit: number, offset: number) {
      const found = await sql<ReportRow>`${rows(filter, language, now)} ${ORDER}
        limit ${limit} offset ${offset}`.execute(db);
      const total = await sql<{ total: number }>`select count(*)::int as total
        from (${rows(filter, language, now)}) counted`.execute(db);
      return { rows: found.rows, total: total.rows[0]?.total ?? 0 };
    },

    /** Every row the filter matches, a keyset batch at a time as the reader takes them. */
    all(filter: ReportFilter, language: Language, now: Date, batchSize: number): AsyncGenerator<ReportRow[]> {
      return keysetBatches(
        async (after) =>
          (await sql<ReportRow>`${rows(filter, language, now, after)} ${ORDER} limit ${batchSize}`.execute(db)).rows,
        batchSize,
      );
    },

    /**
     * Every row the filter matches as its CSV line, written by the database (`words`: the cells' words in the
     * reader's language, each already a CSV cell), in keyset batches of `batchSize` rows. A row reaches the service as
     * one string, not a dozen. PostgreSQL streams each batch through a cursor a fetch at a time, so the service's
     * memory stays flat however long the report; PGlite, in-process, answers a batch whole.
     */
    async *csvLines(
      filter: ReportFilter,
      language: Language,
      now: Date,
      words: CsvWords,
      batchSize: number,
    ): AsyncGenerator<string[]> {
      const line = sql<string>`concat_ws(',', coalesce(nullif(${csvCellSql('r.name')}, ''), ${words.deletedAccount}),
        ${csvCellSql('r.email')}, ${JSON.stringify(words.account)}::jsonb ->> r.account_status,
        ${csvCellSql('r.course_title')},
        case when r.mandatory then ${words.yes} else ${words.no} end, ${JSON.stringify(words.status)}::jsonb ->> r.status,
        coalesce(r.assigned_at, ''), coalesce(r.due_at, ''), coalesce(r.started_at, ''), coalesce(r.completed_at, ''))`;
      const linesAfter = (after: ReportCursor | undefined) =>
        db
          .selectFrom(sql<ReportRow>`(${rows(filter, language, now, after)})`.as('r'))
          .select([line.as('line'), 'r.course_id', 'r.person_name', 'r.user_id'])
          .orderBy(ORDER_COLUMNS);
      let after: ReportCursor | undefined;
      for (;;) {
        const batch = linesAfter(after).limit(batchSize);
        const found = streamFetch === undefined ? await batch.execute() : batch.stream(streamFetch);
        let lines: string[] = [];
        let read = 0;
        let last: CursorRow | undefined;
        for await (const row of found) {
          lines.push(row.line);
          read += 1;
          last = row;
          if (lines.length === streamFetch) {
            yield lines;
            lines = [];
          }
        }
        if (lines.length > 0) yield lines;
        if (read < batchSize || !last) return;
        after = { courseId: last.course_id, personName: last.person_name, userId: last.user_id };
      }
    },

    /**
     * Per group and course, and per course for those assigned individually (group null): assigned, completed by the
     * due date, overdue, as the figures count them.
     */
    async compliance(
      filter: { courseId?: string | undefined; groupId?: string | undefined; includeLeavers?: boolean | undefined },
      language: Language,
      now: Date,
    ) {
      const people = sql`(${assignedPeopleSql(filter, now)})`;
      const counts = sql`count(*)::int as assigned,
        (count(*) filter (where r.status = 'completed' and (r.due_at is null or r.completed_at <= r.due_at)))::int
          as completed_in_time,
        (count(*) filter (where ${overdueSql('r')}))::int as overdue`;
      const byGroup = filter.groupId ? sql`and m.group_id = ${filter.groupId}::uuid` : sql``;
      const found = await sql<ComplianceDbRow>`
        select * from (
          select m.group_id, g.name as group_name, r.course_id, ${titleSql(language)} as course_title, ${counts}
          from ${people} r
          join group_members m on m.user_id = r.user_id ${byGroup}
          join groups g on g.group_id = m.group_id
          left join courses c on c.course_id = r.course_id
          group by m.group_id, g.name, r.course_id, c.titles, c.default_language
          ${
            filter.groupId
              ? sql``
              : sql`union all
          select null, null, r.course_id, ${titleSql(language)}, ${counts}
          from ${people} r
          left join courses c on c.course_id = r.course_id
          where r.direct
          group by r.course_id, c.titles, c.default_language`
          }
        ) compliance
        order by course_title, course_id, group_id nulls first`.execute(db);
      return found.rows;
    },
  };
}
