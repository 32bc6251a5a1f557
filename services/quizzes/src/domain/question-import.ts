import type { Language } from '@portal/contracts/languages';
import { QUIZ_LIMITS, type QuestionInput } from '@portal/contracts/quizzes';
import { translator } from './i18n.ts';

/** Bounds of one import, GIFT or CSV: the work is linear in the text and stops at these. */
export const IMPORT_LIMITS = { questionsMax: 2000, lineMax: 10_000 } as const;

export type ImportErrorCode =
  | 'gift_syntax'
  | 'gift_unsupported'
  | 'csv_invalid'
  | 'csv_header_invalid'
  | 'csv_column_unknown'
  | 'csv_type_invalid'
  | 'csv_correct_invalid'
  | 'csv_answers_mismatch'
  | 'line_too_long'
  | 'too_many_questions'
  | 'options_count'
  | 'question_invalid';

export interface ImportError {
  line: number;
  code: ImportErrorCode;
  /** The schema's code (question_invalid) or the column's name (csv_column_unknown). */
  detail?: string;
}

export interface ParsedQuestion {
  line: number;
  question: QuestionInput;
}

export interface ParseResult {
  questions: ParsedQuestion[];
  errors: ImportError[];
}

const LIMIT_OF: Partial<Record<ImportErrorCode, number>> = {
  line_too_long: IMPORT_LIMITS.lineMax,
  too_many_questions: IMPORT_LIMITS.questionsMax,
  options_count: QUIZ_LIMITS.optionsMax,
};

/** The import's errors as the answer gives them: each line's code and its message in the requester's language. */
export function importErrorsIn(errors: ImportError[], language: Language) {
  const t = translator(language);
  return errors.map(({ line, code, detail }) => ({
    line,
    code,
    // a schema's code (one_right_answer…) is said in words; a column's name is shown as written
    message: t(`import.${code}`, {
      max: LIMIT_OF[code],
      detail: code === 'question_invalid' ? t(`questionRule.${detail}`, { defaultValue: detail }) : detail,
    }),
  }));
}
