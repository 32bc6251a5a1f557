import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import type { CompletionRow } from '@portal/contracts/training';
import { spreadsheetSafe } from '@portal/kit/csv';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { englishTexts, type Translate, translator } from './i18n.ts';
const COLUMNS = Object.keys(englishTexts.report.columns) as (keyof typeof englishTexts.report.columns)[];

/** A report row as its cells, in the reader's language; dates ISO 8601, as spreadsheets and BI tools read them. */
function cellsOf(row: CompletionRow, t: Translate): Record<(typeof COLUMNS)[number], string> {
  return {
    name: row.name,
    email: row.email,
    course: row.courseTitle,
    mandatory: t(row.mandatory ? 'report.mandatory.yes' : 'report.mandatory.no'),
    status: t(`report.status.${row.status}`),
    assignedAt: row.assignedAt,
    dueAt: row.dueAt ?? '',
    startedAt: row.startedAt ?? '',
    completedAt: row.completedAt ?? '',
  };
}

/** Waits until `stream` takes more when it asked to (flat memory however many rows). */
async function drained(stream: Writable) {
  if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
}

/** The report as CSV in the reader's language, BOM first for Excel, formula-like cells kept as text. */
export function completionsCsv(rows: AsyncIterable<CompletionRow>, language: Language): Readable {
  const t = translator(language);
  const csv = stringify({
    bom: true,
    header: true,
    columns: COLUMNS.map((key) => ({ key, header: t(`report.columns.${key}`) })),
    cast: { string: spreadsheetSafe },
  });
  void (async () => {
    try {
      for await (const row of rows) {
        if (!csv.write(cellsOf(row, t))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}

/** The report as an XLSX workbook, written row by row into `out` (exceljs's streaming writer). */
export function completionsXlsx(rows: AsyncIterable<CompletionRow>, language: Language): Readable {
  const t = translator(language);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('report.sheet'));
  sheet.columns = COLUMNS.map((key) => ({ key, header: t(`report.columns.${key}`), width: 24 }));
  void (async () => {
    try {
      for await (const row of rows) {
        sheet.addRow(cellsOf(row, t)).commit();
        await drained(out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
