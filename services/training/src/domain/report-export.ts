import { PassThrough, Readable } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import { type CompletionRow, TRAINING_STATUSES, type TrainingStatus } from '@portal/contracts/training';
import { spreadsheetSafe } from '@portal/kit/csv';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { englishTexts, type Translate, translator } from './i18n.ts';
const COLUMNS = Object.keys(englishTexts.report.columns) as (keyof typeof englishTexts.report.columns)[];

/** The words cells take from the texts, looked up once an export: per row, i18next cost more than the rest. */
function wordsOf(t: Translate) {
  return {
    yes: t('report.mandatory.yes'),
    no: t('report.mandatory.no'),
    status: Object.fromEntries(TRAINING_STATUSES.map((status) => [status, t(`report.status.${status}`)])) as Record<
      TrainingStatus,
      string
    >,
  };
}

/** A report row as its cells, in the reader's language; dates ISO 8601, as spreadsheets and BI tools read them. */
function cellsOf(row: CompletionRow, words: ReturnType<typeof wordsOf>): Record<(typeof COLUMNS)[number], string> {
  return {
    name: row.name,
    email: row.email,
    course: row.courseTitle,
    mandatory: row.mandatory ? words.yes : words.no,
    status: words.status[row.status],
    assignedAt: row.assignedAt,
    dueAt: row.dueAt ?? '',
    startedAt: row.startedAt ?? '',
    completedAt: row.completedAt ?? '',
  };
}

/** The report as CSV in the reader's language, BOM first for Excel, formula-like cells kept as text. */
export function completionsCsv(batches: AsyncIterable<CompletionRow[]>, language: Language): Readable {
  const t = translator(language);
  const words = wordsOf(t);
  const columns = COLUMNS.map((key) => ({ key, header: t(`report.columns.${key}`) }));
  const options = { columns, cast: { string: spreadsheetSafe } };
  // A batch is one string and one write: a write per row cost more than formatting it. Readable.from asks for
  // the next batch only when the reader has taken the last, so memory holds a batch or two however long the report.
  return Readable.from(
    (async function* () {
      yield stringify([], { ...options, bom: true, header: true });
      for await (const batch of batches) {
        yield stringify(
          batch.map((row) => cellsOf(row, words)),
          options,
        );
      }
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
