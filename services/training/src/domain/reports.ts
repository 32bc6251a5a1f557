import type { Language } from '@portal/contracts/languages';
import {
  accountStatusSchema,
  type CompletionReportQuery,
  type CompletionRow,
  type ComplianceQuery,
  type ComplianceRow,
} from '@portal/contracts/training';
import { type AuditContext, recordAudit } from '@portal/kit/audit';
import type { Database } from '@portal/kit/db';
import { type ReportRow, reportsRepository } from '../data-access/reports-repository.ts';
import type { TrainingDatabase } from '../data-access/schema.ts';
import { type Translate, translator } from './i18n.ts';
import { csvDelimiterOf, csvWordsOf } from './report-export.ts';

export interface ReportsDeps {
  database: Database<TrainingDatabase>;
  now: () => Date;
  /** The portal's time zone (REMINDER_TIME_ZONE): the exports' dates are written in it. */
  timeZone: string;
}

const DEFAULT_PAGE = 50;
const EXPORT_BATCH = 10_000;
/** Rows a PostgreSQL cursor fetches at a time for a CSV: few enough to die young, so V8's heap does not grow. */
const STREAM_FETCH = 200;

/** A row in the reader's language: a deleted account whose records are kept has no name, it is named so. */
function completionRow(row: ReportRow, t: Translate): CompletionRow {
  return {
    userId: row.user_id,
    name: row.name === '' ? t('report.deletedAccount') : row.name,
    email: row.email,
    courseId: row.course_id,
    courseTitle: row.course_title,
    mandatory: row.mandatory,
    status: row.status,
    assignedAt: row.assigned_at,
    dueAt: row.due_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    accountStatus: accountStatusSchema.parse(row.account_status),
    groups: row.groups,
    scorePercent: row.score_percent,
    attemptsUsed: row.attempts_used,
    passedAt: row.passed_at,
  };
}

/** The course × people report, a page at a time or all of it, and the compliance figures per group and course. */
export function reports({ database, now, timeZone }: ReportsDeps) {
  const repository = reportsRepository(database.db, database.kind === 'postgres' ? STREAM_FETCH : undefined);
  return {
    async page(query: CompletionReportQuery, language: Language) {
      const { rows, total } = await repository.page(
        query,
        language,
        now(),
        query.limit ?? DEFAULT_PAGE,
        query.offset ?? 0,
      );
      const t = translator(language);
      return { rows: rows.map((row) => completionRow(row, t)), total };
    },

    /** Every row, in batches: an export formats and writes a batch at once, not a row at a time. */
    async *all(query: CompletionReportQuery, language: Language): AsyncGenerator<CompletionRow[]> {
      const t = translator(language);
      for await (const batch of repository.all(query, language, now(), EXPORT_BATCH)) {
        yield batch.map((row) => completionRow(row, t));
      }
    },

    /** Every row as its CSV line in the reader's language, in batches. */
    csvLines(query: CompletionReportQuery, language: Language): AsyncGenerator<string[]> {
      const delimiter = csvDelimiterOf(query, language);
      const format = { words: csvWordsOf(language, delimiter), delimiter, timeZone };
      return repository.csvLines(query, language, now(), format, EXPORT_BATCH);
    },

    /** An export on the audit trail: who took which people's records away, with the filters that chose them. */
    async recordExport(query: CompletionReportQuery, context: AuditContext) {
      const { format, courseId, groupId, userId, status, q, includeLeavers } = query;
      const filters = Object.fromEntries(
        Object.entries({ courseId, groupId, userId, status, q, includeLeavers }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      await database.db.transaction().execute((trx) =>
        recordAudit(trx, 'training', {
          ...context,
          action: 'report.exported',
          object: { type: 'report', id: 'completions', label: 'completions' },
          outcome: 'success',
          details: { format, ...filters },
        }),
      );
    },

    async compliance(query: ComplianceQuery, language: Language) {
      const rows = await repository.compliance(query, language, now());
      return rows.map((row): ComplianceRow => ({
        groupId: row.group_id,
        groupName: row.group_name,
        courseId: row.course_id,
        courseTitle: row.course_title,
        assigned: row.assigned,
        completedInTime: row.completed_in_time,
        overdue: row.overdue,
      }));
    },
  };
}
export type Reports = ReturnType<typeof reports>;
