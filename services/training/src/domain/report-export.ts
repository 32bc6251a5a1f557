import { PassThrough, Readable } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type CompletionRow,
  TRAINING_STATUSES,
  type TrainingStatus,
} from '@portal/contracts/training';
import { spreadsheetSafe } from '@portal/kit/csv';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { CsvWords } from '../data-access/reports-repository.ts';
import { englishTexts, type Translate, translator } from './i18n.ts';
const COLUMNS = Object.keys(englishTexts.report.columns) as (keyof typeof englishTexts.report.columns)[];

/** The words cells take from the texts, looked up once an export: per row, i18next cost more than the rest. */
function wordsOf(t: Translate) {
  return {
    yes: t('report.mandatory.yes'),
    no: t('report.mandatory.no'),
    deletedAccount: t('report.deletedAccount'),
    status: Object.fromEntries(TRAINING_STATUSES.map((status) => [status, t(`report.status.${status}`)])) as Record<
      TrainingStatus,
      string
    >,
    account: Object.fromEntries(ACCOUNT_STATUSES.map((status) => [status, t(`report.account.${status}`)])) as Record<
      AccountStatus,
      string
    >,
  };
}

/** A report row as its cells, in the reader's language; dates ISO 8601, as spreadsheets and BI tools read them. */
function cellsOf(row: CompletionRow, words: ReturnType<typeof wordsOf>): Record<(typeof COLUMNS)[number], string> {
  return {
    name: row.name,
    email: row.email,
    account: words.account[row.accountStatus],
    course: row.courseTitle,
    mandatory: row.mandatory ? words.yes : words.no,
    status: words.status[row.status],
    assignedAt: row.assignedAt ?? '',
    dueAt: row.dueAt ?? '',
    startedAt: row.startedAt ?? '',
    completedAt: row.completedAt ?? '',
  };
}

/** A text as one CSV cell, formula-like text kept as text (the words of the header and the cells). */
const csvCell = (text: string) => stringify([[text]], { cast: { string: spreadsheetSafe } }).slice(0, -1);

/** The cells' words in the reader's language as CSV cells, for the database to write each row's line with. */
export function csvWordsOf(language: Language): CsvWords {
  const words = wordsOf(translator(language));
  return {
    yes: csvCell(words.yes),
    no: csvCell(words.no),
    deletedAccount: csvCell(words.deletedAccount),
    status: Object.fromEntries(TRAINING_STATUSES.map((status) => [status, csvCell(words.status[status])])) as Record<
      TrainingStatus,
      string
    >,
    account: Object.fromEntries(ACCOUNT_STATUSES.map((status) => [status, csvCell(words.account[status])])) as Record<
      AccountStatus,
      string
    >,
  };
}

/**
 * The report as CSV in the reader's language, BOM first for Excel: its lines as the database wrote them, a batch
 * one string and one write. Readable.from asks for the next batch only when the reader has taken the last, so
 * memory holds a batch or two however long the report.
 */
export function completionsCsv(lines: AsyncIterable<string[]>, language: Language): Readable {
  const t = translator(language);
  const header = COLUMNS.map((key) => csvCell(t(`report.columns.${key}`))).join(',');
  return Readable.from(
    (async function* () {
      yield `\uFEFF${header}\n`;
      for await (const batch of lines) yield `${batch.join('\n')}\n`;
    })(),
    { objectMode: false },
  );
}

/** The report as an XLSX workbook, written row by row into `out` (exceljs's streaming writer). */
export function completionsXlsx(batches: AsyncIterable<CompletionRow[]>, language: Language): Readable {
  const t = translator(language);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('report.sheet'));
  sheet.columns = COLUMNS.map((key) => ({ key, header: t(`report.columns.${key}`), width: 24 }));
  const words = wordsOf(t);
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) sheet.addRow(cellsOf(row, words)).commit();
        // Waits until `out` takes more when it asked to (flat memory however many rows).
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
