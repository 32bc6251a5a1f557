import { PassThrough, type Readable, type Writable } from 'node:stream';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import type { CompletionRow } from '@portal/contracts/training';
import { spreadsheetSafe } from '@portal/kit/csv';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { createInstance } from 'i18next';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

const i18n = createInstance();
void i18n.init({
  resources: {
    en: { training: en },
    fr: { training: fr },
    de: { training: de },
    it: { training: it },
    rm: { training: rm },
  },
  ns: ['training'],
  defaultNS: 'training',
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  initAsync: false,
});

const COLUMNS = Object.keys(en.report.columns) as (keyof typeof en.report.columns)[];

/** A report row as its cells, in the reader's language; dates ISO 8601, as spreadsheets and BI tools read them. */
function cellsOf(row: CompletionRow, t: ReturnType<typeof i18n.getFixedT>): Record<(typeof COLUMNS)[number], string> {
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
  const t = i18n.getFixedT(language);
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
  const t = i18n.getFixedT(language);
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
