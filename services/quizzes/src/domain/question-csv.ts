import type { Language } from '@portal/contracts/languages';
import { QUESTION_TYPES, type QuestionInput, questionInputSchema, type QuestionType } from '@portal/contracts/quizzes';
import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, type ImportError, type ParsedQuestion, type ParseResult } from './question-import.ts';

type Field = 'type' | 'question' | 'answers' | 'correct' | 'feedback' | 'tags';
/** A header cell: a field, and for texts a language (`question_de`, `answers:fr`); without one, the importer's. */
const HEADER = /^(type|question|answers|correct|feedback|tags)(?:[_:](en|fr|de|it|rm))?$/;

interface Column {
  field: Field;
  language: Language;
}

class RowError extends Error {
  readonly error: Omit<ImportError, 'line'>;
  constructor(code: ImportError['code'], detail?: string) {
    super(code);
    this.error = { code, detail };
  }
}

/** The file's separator: `;` (what spreadsheets write in Switzerland, France, Germany and Italy) or `,`. */
function delimiterOf(text: string): ';' | ',' {
  const end = text.indexOf('\n');
  const header = end === -1 ? text : text.slice(0, end);
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/** A list cell's items: split at `|` (written `\|` inside an item), trimmed, empty ones left out. */
const itemsOf = (cell: string) =>
  cell
    .split(/(?<!\\)\|/)
    .map((item) => item.replaceAll('\\|', '|').trim())
    .filter((item) => item !== '');

function columnsOf(header: string[]): Column[] | ImportError {
  const columns: Column[] = [];
  for (const cell of header) {
    const name = cell.trim().toLowerCase();
    const match = HEADER.exec(name);
    if (!match) return { line: 1, code: 'csv_column_unknown', detail: cell.trim().slice(0, 50) };
    columns.push({ field: match[1] as Field, language: (match[2] ?? '') as Language });
  }
  const has = (field: Field) => columns.some((column) => column.field === field);
  return has('type') && has('question') ? columns : { line: 1, code: 'csv_header_invalid' };
}

/** One data row as a question of the bank (not yet checked against its schema). */
function questionOf(row: string[], columns: Column[], language: Language): QuestionInput {
  const cells = (field: Field) =>
    columns.flatMap((column, index) =>
      column.field === field ? [{ language: column.language || language, value: (row[index] ?? '').trim() }] : [],
    );
  const single = (field: Field) => cells(field).find((cell) => cell.value !== '')?.value ?? '';
  const texts = (field: Field) =>
    Object.fromEntries(cells(field).flatMap(({ language: key, value }) => (value === '' ? [] : [[key, value]])));

  const type = single('type').toLowerCase() as QuestionType;
  if (!QUESTION_TYPES.includes(type)) throw new RowError('csv_type_invalid');
  const feedback = texts('feedback');
  const tags = itemsOf(single('tags'));
  const common = {
    texts: texts('question'),
    ...(tags.length > 0 ? { tags } : {}),
    ...(Object.keys(feedback).length > 0 ? { feedback } : {}),
  };

  // every language's answers, position by position: the same number in each language
  const answerLists = cells('answers')
    .map(({ language: key, value }) => ({ language: key, items: itemsOf(value) }))
    .filter((list) => list.items.length > 0);
  const count = answerLists[0]?.items.length ?? 0;
  if (answerLists.some((list) => list.items.length !== count)) throw new RowError('csv_answers_mismatch');
  const answerTexts = Array.from({ length: count }, (_, position) =>
    Object.fromEntries(answerLists.map((list) => [list.language, list.items[position]])),
  );
  const correct = single('correct').toLowerCase();

  switch (type) {
    case 'true_false':
      if (correct !== 'true' && correct !== 'false') throw new RowError('csv_correct_invalid');
      return { type, ...common, answer: correct === 'true' };
    case 'short_answer':
      return {
        type,
        ...common,
        answers: [...new Set(answerLists.flatMap((list) => list.items))].map((text) => ({ text, weight: 100 })),
      };
    case 'ordering':
      return { type, ...common, items: answerTexts.map((itemTexts) => ({ texts: itemTexts })) };
    case 'single':
    case 'multiple': {
      const rights = new Set(itemsOf(correct).map(Number));
      const valid =
        rights.size > 0 &&
        (type === 'multiple' || rights.size === 1) &&
        [...rights].every((right) => Number.isInteger(right) && right >= 1 && right <= count);
      if (!valid) throw new RowError('csv_correct_invalid');
      // a wrong choice of a multiple choice cancels one right choice: choosing everything earns nothing
      const share = 100 / rights.size;
      const wrong = type === 'multiple' ? -share : 0;
      return {
        type,
        ...common,
        options: answerTexts.map((optionTexts, index) => ({
          texts: optionTexts,
          weight: rights.has(index + 1) ? share : wrong,
        })),
      };
    }
  }
}

/**
 * Parses a CSV file of questions in `language`: a header row (`type` and `question` required; `answers`,
 * `correct`, `feedback`, `tags`; texts per language as `question_de`), one question per row, `;` or `,` between
 * fields, lists split at `|`. Every question valid or its line's error.
 */
export function parseQuestionCsv(source: string, language: Language): ParseResult {
  let records: { info: { lines: number }; record: string[] }[];
  try {
    records = parse(source, {
      bom: true,
      delimiter: delimiterOf(source),
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: IMPORT_LIMITS.lineMax,
      to: IMPORT_LIMITS.questionsMax + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { lines } = error as CsvError & { lines?: number };
    const code = error.code === 'CSV_MAX_RECORD_SIZE' ? 'line_too_long' : 'csv_invalid';
    return { questions: [], errors: [{ line: lines ?? 1, code }] };
  }
  const [header, ...rows] = records;
  if (!header) return { questions: [], errors: [{ line: 1, code: 'csv_header_invalid' }] };
  const columns = columnsOf(header.record);
  if (!Array.isArray(columns)) return { questions: [], errors: [columns] };

  const questions: ParsedQuestion[] = [];
  const errors: ImportError[] = [];
  for (const { info, record } of rows) {
    const line = info.lines;
    if (questions.length + errors.length >= IMPORT_LIMITS.questionsMax) {
      errors.push({ line, code: 'too_many_questions' });
      break;
    }
    try {
      const parsed = questionInputSchema.safeParse(questionOf(record, columns, language));
      if (parsed.success) questions.push({ line, question: parsed.data });
      else errors.push({ line, code: 'question_invalid', detail: parsed.error.issues[0]?.message });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push({ line, ...error.error });
    }
  }
  return { questions, errors };
}
