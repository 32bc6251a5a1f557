import { ONBOARDING_LIMITS } from '@portal/contracts/onboarding';
import { AppError, badRequest } from '@portal/kit/errors';
import { CsvError, parse } from 'csv-parse/sync';

/** One data row of an import file as written: trimmed text, the groups split on `|`. */
export interface CsvRow {
  line: number;
  email: string;
  name: string;
  language: string;
  role: string;
  groups: string[];
}

const COLUMNS = ['email', 'name', 'language', 'role', 'groups'] as const;
type Column = (typeof COLUMNS)[number];
/** Header spellings people type, mapped to the columns. */
const ALIASES: Record<string, Column> = { 'e-mail': 'email', mail: 'email' };

/** The file's separator: `;` (what spreadsheets write in Switzerland, France, Germany and Italy) or `,`. */
function delimiterOf(text: string): ';' | ',' {
  const end = text.indexOf('\n');
  const header = end === -1 ? text : text.slice(0, end);
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

const headerProblem = (code: string) => badRequest('The header row of the file is not valid', [{ path: 'file', code }]);

/**
 * Reads an import file: UTF-8 with or without a byte order mark, a header row naming the columns (email and name
 * required; language, role and groups optional, in any order), `;` or `,` between fields, at most 10,000 rows.
 */
export function parseImportCsv(file: Buffer): CsvRow[] {
  const text = file.toString('utf8');
  let records: { info: { lines: number }; record: string[] }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: ONBOARDING_LIMITS.importRows + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      throw badRequest('The file is not valid CSV', [{ path: 'file', code: 'csv_invalid' }]);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw headerProblem('csv_empty');
  const columns = header.record.map((name) => {
    const key = name.toLowerCase();
    return ALIASES[key] ?? (COLUMNS as readonly string[]).find((column) => column === key);
  });
  if (!columns.includes('email') || !columns.includes('name')) throw headerProblem('csv_header_invalid');
  if (data.length > ONBOARDING_LIMITS.importRows)
    throw new AppError(413, 'payload_too_large', `At most ${ONBOARDING_LIMITS.importRows} rows per file`);
  return data.map(({ info, record }) => {
    const cell = (column: Column) => record[columns.indexOf(column)] ?? '';
    return {
      line: info.lines,
      email: cell('email'),
      name: cell('name'),
      language: cell('language'),
      role: cell('role'),
      groups: [
        ...new Set(
          cell('groups')
            .split('|')
            .map((group) => group.trim())
            .filter((group) => group.length > 0),
        ),
      ],
    };
  });
}
