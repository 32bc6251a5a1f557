import type { Language } from '@portal/contracts/languages';
import type { AccountStatus, TrainingStatus } from '@portal/contracts/training';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { TrainingDatabase } from './schema.ts';
import {
  assignedPeopleSql,
  type FiguresCursor,
  type FiguresFilter,
  overdueSql,
  voluntaryPeopleSql,
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
  /** Dates as text written by the database (ISO 8601 in UTC; a CSV's as it writes them): a million rows parse none. */
  assigned_at: string | null;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  /** active, pending, deactivated or deleted: the last two only when leavers are asked for. */
  account_status: string;
  groups: string[];
  person_name: string;
  /** The quizzes the latest completion rests on (`QUIZ_EVIDENCE_SQL`); null without any. */
  score_percent: number | null;
  attempts_used: number | null;
  passed_at: string | null;
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

/** A CSV's field delimiter: a comma, or the semicolon that Excel expects where the comma is the decimal mark. */
export type CsvDelimiter = ',' | ';';

/** How a CSV is written: its cells' words, its delimiter, and the time zone its dates are written in. */
export interface CsvFormat {
  words: CsvWords;
  delimiter: CsvDelimiter;
  timeZone: string;
}

/**
 * A text as a CSV cell: kept as text with a leading apostrophe where a spreadsheet would run it as a formula
 * (as `spreadsheetSafe` does), quoted where it holds the delimiter, a quote or a line break (as csv-stringify does).
 */
function csvCellSql(value: RawBuilder<unknown>, delimiter: CsvDelimiter) {
  const safe = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || ${value}
    else ${value} end)`;
  const special = sql.lit(`["${delimiter}\r\n]`);
  return sql`(case when ${safe} ~ ${special} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
}

/**
 * The quiz evidence of a row's latest completion (by rule), one figure per column however many quizzes the course
 * has: the lowest score, the most attempts used, the last pass (when the rule was met). Each is what can be said of
 * every quiz of the completion: all passed with at least this score, in at most these attempts, by this date.
 */
const QUIZ_EVIDENCE_SQL = sql`left join lateral (select min(e.score_percent) as score_percent,
    max(e.attempts_used) as attempts_used, max(e.passed_at) as passed_at
  from completion_quizzes e
  where e.user_id = r.user_id and e.course_id = r.course_id and e.completed_at = r.completed_at) q on true`;

/** How the rows' dates are written: `day` for a due date (a day), else an instant. */
type DatesSql = (column: string, day: boolean) => RawBuilder<string>;

/** Dates as ISO 8601 instants in UTC, as the JSON pages and the XLSX read them. */
const isoDates: DatesSql = (column) => isoSql(column);

/** Dates as the report shows them, in the portal's time zone: the due day, the other dates with their time. */
const localDates =
  (timeZone: string): DatesSql =>
  (column, day) =>
    sql<string>`to_char(${sql.ref(column)} at time zone ${timeZone}, ${day ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH24:MI'})`;

/**
 * A batch of report rows (`r`, already limited) with each person's group names, alphabetical: the names are gathered
 * once for the batch's people and joined, not asked for row by row. Unordered: the caller orders.
 */
const withGroupsSql = (batch: RawBuilder<ReportRow>) => sql<ReportRow>`(with batch as (${batch}),
    names as (select m.user_id, array_agg(g.name order by g.name) as groups from group_members m
      join groups g on g.group_id = m.group_id where m.user_id in (select user_id from batch) group by m.user_id)
    select batch.*, coalesce(names.groups, '{}') as groups from batch left join names on names.user_id = batch.user_id)`;

/** A batch's query: answered whole, or streamed a fetch at a time (Kysely's select). */
interface BatchQuery<Row> {
  execute(): Promise<Row[]>;
  stream(chunkSize: number): AsyncIterableIterator<Row>;
}

/**
 * The rows of keyset batches in the report's order, each batch asked for after the last row of the one before. With
 * `streamFetch`, each batch streams through a cursor and comes `streamFetch` rows at a time, so the reader writes
 * while the database reads; without, each batch comes whole.
 */
async function* keysetBatches<Row extends CursorRow>(
  batchAfter: (after: ReportCursor | undefined) => BatchQuery<Row>,
  batchSize: number,
  streamFetch: number | undefined,
): AsyncGenerator<Row[]> {
  let after: ReportCursor | undefined;
  for (;;) {
    const batch = batchAfter(after);
    const found = streamFetch === undefined ? await batch.execute() : batch.stream(streamFetch);
    let rows: Row[] = [];
    let read = 0;
    let last: Row | undefined;
    for await (const row of found) {
      rows.push(row);
      read += 1;
      last = row;
      if (rows.length === streamFetch) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length > 0) yield rows;
    if (read < batchSize || !last) return;
    after = { courseId: last.course_id, personName: last.person_name, userId: last.user_id };
  }
}

/**
 * `streamFetch`: the rows a cursor fetches at a time where the database streams a query's rows (PostgreSQL); none
 * where it answers a query whole (PGlite).
 */
export function reportsRepository(db: Kysely<TrainingDatabase>, streamFetch: number | undefined) {
  interface RowsOptions {
    /** How the dates are written (ISO 8601 in UTC unless a CSV's). */
    dates?: DatesSql;
    /** Without the quiz evidence (a count reads no row's). */
    evidence?: boolean;
  }

  /** The report's rows from one source (the assigned people, or the voluntary ones). */
  function rowsOf(
    source: RawBuilder<unknown>,
    filter: ReportFilter,
    language: Language,
    { dates = isoDates, evidence = true }: RowsOptions,
  ) {
    const where: RawBuilder<unknown>[] = [sql`true`];
    if (filter.status) where.push(sql`r.status = ${filter.status}`);
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q)}%`;
      where.push(sql`(p.name ilike ${pattern} or p.email ilike ${pattern})`);
    }
    return sql<ReportRow>`select r.user_id, coalesce(p.name, '') as name, coalesce(p.email, '') as email, r.course_id,
        ${titleSql(language)} as course_title, r.mandatory, r.status, ${dates('r.assigned_at', false)} as assigned_at,
        ${dates('r.due_at', true)} as due_at, ${dates('r.started_at', false)} as started_at,
        ${dates('r.completed_at', false)} as completed_at, coalesce(p.status, 'active') as account_status,
        r.person_name, ${
          evidence
            ? sql`q.score_percent, q.attempts_used, ${dates('q.passed_at', false)} as passed_at`
            : sql`null::double precision as score_percent, null::integer as attempts_used, null::text as passed_at`
        }
      from (${source}) r
      left join people p on p.user_id = r.user_id
      left join courses c on c.course_id = r.course_id
      ${evidence ? QUIZ_EVIDENCE_SQL : sql``}
      where ${sql.join(where, sql` and `)}`;
  }

  /**
   * The report's rows, assigned and voluntary, as `r`. `upTo`: only the first rows of each source in the index's
   * order are needed (a page or a batch), so that each is read in that order and stops there: a union read whole
   * and sorted would cost every batch of an export the rest of the report.
   */
  function rows(filter: ReportFilter, language: Language, now: Date, after?: ReportCursor, options: RowsOptions = {}) {
    const assigned = rowsOf(assignedPeopleSql(filter, now, after), filter, language, options);
    const voluntary = rowsOf(voluntaryPeopleSql(filter, now, after), filter, language, options);
    return {
      all: sql<ReportRow>`select * from (${assigned} union all ${voluntary}) r`,
      upTo: (limit: number) => sql<ReportRow>`select * from ((${assigned} ${ORDER} limit ${limit})
        union all (${voluntary} ${ORDER} limit ${limit})) r`,
    };
  }

  const ORDER = sql`order by r.course_id, r.person_name, r.user_id`;
  const ORDER_COLUMNS = ['r.course_id', 'r.person_name', 'r.user_id'] as const;
  /** The first `size` rows in the report's order. */
  const batchOf = (report: ReturnType<typeof rows>, size: number) =>
    sql<ReportRow>`select r.* from (${report.upTo(size)}) r ${ORDER} limit ${size}`;

  return {
    async page(filter: ReportFilter, language: Language, now: Date, limit: number, offset: number) {
      const taken = sql<ReportRow>`select r.* from (${rows(filter, language, now).upTo(limit + offset)}) r
        ${ORDER} limit ${limit} offset ${offset}`;
      const found = await sql<ReportRow>`select r.* from ${withGroupsSql(taken)} r ${ORDER}`.execute(db);
      const total = await sql<{ total: number }>`select count(*)::int as total
        from (${rows(filter, language, now, undefined, { evidence: false }).all}) counted`.execute(db);
      return { rows: found.rows, total: total.rows[0]?.total ?? 0 };
    },

    /**
     * Every row the filter matches, in keyset batches of `batchSize` rows, streamed a fetch at a time on PostgreSQL
     * (as the CSV's lines are): the reader writes the first rows while the database reads the rest of the batch.
     */
    all(filter: ReportFilter, language: Language, now: Date, batchSize: number): AsyncGenerator<ReportRow[]> {
      return keysetBatches(
        (after) =>
          db
            .selectFrom(withGroupsSql(batchOf(rows(filter, language, now, after), batchSize)).as('r'))
            .selectAll()
            .orderBy(ORDER_COLUMNS),
        batchSize,
        streamFetch,
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
      { words, delimiter, timeZone }: CsvFormat,
      batchSize: number,
    ): AsyncGenerator<string[]> {
      const cell = (column: string) => csvCellSql(sql.ref(column), delimiter);
      // A semicolon is the delimiter where the comma is the decimal mark (decision 0062).
      const decimalMark = delimiter === ';' ? ',' : '.';
      const line = sql<string>`concat_ws(${delimiter}, coalesce(nullif(${cell('r.name')}, ''), ${words.deletedAccount}),
        ${cell('r.email')}, ${JSON.stringify(words.account)}::jsonb ->> r.account_status,
        ${cell('r.group_names')}, ${cell('r.course_title')},
        case when r.mandatory then ${words.yes} else ${words.no} end, ${JSON.stringify(words.status)}::jsonb ->> r.status,
        coalesce(r.assigned_at, ''), coalesce(r.due_at, ''), coalesce(r.started_at, ''), coalesce(r.completed_at, ''),
        coalesce(replace(r.score_percent::text, '.', ${decimalMark}), ''), coalesce(r.attempts_used::text, ''),
        coalesce(r.passed_at, ''))`;
      const linesAfter = (after: ReportCursor | undefined) =>
        db
          .selectFrom(
            sql<ReportRow & { group_names: string }>`(select r.*, array_to_string(r.groups, ', ') as group_names
              from ${withGroupsSql(batchOf(rows(filter, language, now, after, { dates: localDates(timeZone) }), batchSize))} r)`.as(
              'r',
            ),
          )
          .select([line.as('line'), 'r.course_id', 'r.person_name', 'r.user_id'])
          .orderBy(ORDER_COLUMNS);
      for await (const batch of keysetBatches(linesAfter, batchSize, streamFetch)) yield batch.map((row) => row.line);
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
