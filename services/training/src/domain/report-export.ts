import { Readable, Transform } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type CompletionReportQuery,
  type CompletionRow,
  TRAINING_STATUSES,
  type TrainingStatus,
} from '@portal/contracts/training';
import { spreadsheetSafe } from '@portal/kit/csv';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { CsvDelimiter, CsvWords } from '../data-access/reports-repository.ts';
import { englishTexts, type Translate, translator } from './i18n.ts';
import { wallClockIn } from './time-zone.ts';

const COLUMNS = Object.keys(englishTexts.report.columns) as (keyof typeof englishTexts.report.columns)[];
type Column = (typeof COLUMNS)[number];
const DATE_COLUMNS = ['assignedAt', 'dueAt', 'startedAt', 'completedAt', 'passedAt'] as const;
type DateColumn = (typeof DATE_COLUMNS)[number];
/** How the XLSX shows its dates: the due day, the other dates with their time (as the CSV writes them). */
const DATE_FORMATS: Record<DateColumn, string> = {
  assignedAt: 'yyyy-mm-dd hh:mm',
  dueAt: 'yyyy-mm-dd',
  startedAt: 'yyyy-mm-dd hh:mm',
  completedAt: 'yyyy-mm-dd hh:mm',
  passedAt: 'yyyy-mm-dd hh:mm',
};

/** The CSV's delimiter: the one asked for, else the one Excel expects in the language (a comma in English only). */
export function csvDelimiterOf(query: Pick<CompletionReportQuery, 'delimiter'>, language: Language): CsvDelimiter {
  if (query.delimiter) return query.delimiter === 'comma' ? ',' : ';';
  return language === 'en' ? ',' : ';';
}

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

/** A date cell: the instant's wall-clock time in the portal's time zone, which Excel keeps without a zone. */
const dateCell = (iso: string | null, timeZone: string) => (iso === null ? null : wallClockIn(new Date(iso), timeZone));

/** A report row as its cells, in the reader's language; dates as Excel dates in the portal's time zone. */
function cellsOf(
  row: CompletionRow,
  words: ReturnType<typeof wordsOf>,
  timeZone: string,
): Record<Column, string | number | Date | null> {
  return {
    name: row.name,
    email: row.email,
    account: words.account[row.accountStatus],
    groups: row.groups.join(', '),
    course: row.courseTitle,
    mandatory: row.mandatory ? words.yes : words.no,
    status: words.status[row.status],
    assignedAt: dateCell(row.assignedAt, timeZone),
    dueAt: dateCell(row.dueAt, timeZone),
    startedAt: dateCell(row.startedAt, timeZone),
    completedAt: dateCell(row.completedAt, timeZone),
    scorePercent: row.scorePercent,
    attemptsUsed: row.attemptsUsed,
    passedAt: dateCell(row.passedAt, timeZone),
  };
}

/** A text as one CSV cell, formula-like text kept as text (the words of the header and the cells). */
const csvCell = (text: string, delimiter: CsvDelimiter) =>
  stringify([[text]], { delimiter, cast: { string: spreadsheetSafe } }).slice(0, -1);

/** The cells' words in the reader's language as CSV cells, for the database to write each row's line with. */
export function csvWordsOf(language: Language, delimiter: CsvDelimiter): CsvWords {
  const words = wordsOf(translator(language));
  const cell = (text: string) => csvCell(text, delimiter);
  return {
    yes: cell(words.yes),
    no: cell(words.no),
    deletedAccount: cell(words.deletedAccount),
    status: Object.fromEntries(TRAINING_STATUSES.map((status) => [status, cell(words.status[status])])) as Record<
      TrainingStatus,
      string
    >,
    account: Object.fromEntries(ACCOUNT_STATUSES.map((status) => [status, cell(words.account[status])])) as Record<
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
export function completionsCsv(lines: AsyncIterable<string[]>, language: Language, delimiter: CsvDelimiter): Readable {
  const t = translator(language);
  const header = COLUMNS.map((key) => csvCell(t(`report.columns.${key}`), delimiter)).join(delimiter);
  return Readable.from(
    (async function* () {
      yield `\uFEFF${header}\n`;
      for await (const batch of lines) yield `${batch.join('\n')}\n`;
    })(),
    { objectMode: false },
  );
}

/** Rows the workbook takes between two looks at what it sent. */
const ROWS_BETWEEN_LOOKS = 200;
/**
 * Rows written since the last compressed bytes went out beyond which the writer waits for the compressor: exceljs
 * hands it the sheet without waiting, and a sheet compressed behind the rows piles up unsent (a gateway cuts an
 * answer silent for longer than its idle limit).
 */
const ROWS_AHEAD_OF_BYTES = 2_000;
/** The longest such wait: the last rows may compress to less than one of the compressor's output chunks. */
const LONGEST_WAIT_MS = 100;

/**
 * The report as an XLSX workbook, written row by row (exceljs's streaming writer), its compressed bytes going out
 * as the rows are written, however long a batch.
 */
export function completionsXlsx(
  batches: AsyncIterable<CompletionRow[]>,
  language: Language,
  timeZone: string,
): Readable {
  const t = translator(language);
  let rowsAhead = 0;
  let bytesWentOut = () => {};
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      rowsAhead = 0;
      bytesWentOut();
      done(null, chunk);
    },
  });
  /** Until `out` takes more (flat memory however many rows), else until the compressor caught up, else a turn. */
  const keptUp = () =>
    new Promise<void>((resolve) => {
      if (out.writableNeedDrain) {
        const resume = () => {
          out.off('drain', resume).off('close', resume);
          resolve();
        };
        out.on('drain', resume).on('close', resume);
      } else if (rowsAhead >= ROWS_AHEAD_OF_BYTES) {
        const timer = setTimeout(resolve, LONGEST_WAIT_MS);
        bytesWentOut = () => {
          clearTimeout(timer);
          resolve();
        };
      } else setImmediate(resolve);
    });
  // Styles on: a date is a number Excel shows as a date only through its cell's number format.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('report.sheet'));
  sheet.columns = COLUMNS.map((key) => ({
    key,
    header: t(`report.columns.${key}`),
    width: 24,
    ...(DATE_COLUMNS.includes(key as DateColumn) && { style: { numFmt: DATE_FORMATS[key as DateColumn] } }),
  }));
  const words = wordsOf(t);
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const [index, row] of batch.entries()) {
          sheet.addRow(cellsOf(row, words, timeZone)).commit();
          rowsAhead += 1;
          if ((index + 1) % ROWS_BETWEEN_LOOKS === 0 || index === batch.length - 1) await keptUp();
          // A closed download: leaving the loop closes the rows' cursor.
          if (out.destroyed) return;
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
