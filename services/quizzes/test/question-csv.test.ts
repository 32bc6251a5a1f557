import { describe, expect, it } from '@jest/globals';
import { parseQuestionCsv } from '../src/domain/question-csv.ts';
import { IMPORT_LIMITS, importErrorsIn } from '../src/domain/question-import.ts';

const parsed = (source: string, language: 'en' | 'de' = 'en') => parseQuestionCsv(source, language);

describe('reading questions from CSV', () => {
  it('when each type is given with a header, then each row becomes its question', () => {
    const { questions, errors } = parsed(
      [
        'type,question,answers,correct,feedback,tags',
        'single,Where is the exit?,Left|Right|Up,2,Follow the signs.,Fire safety|Exits',
        'multiple,Which are extinguishers?,Foam|Water|Paper|Wood,1|2,,',
        'true_false,Fire is hot.,,TRUE,,',
        'short_answer,Emergency number?,118|one one eight,,,',
        'ordering,Order the steps.,Raise the alarm|Leave|Call 118,,,',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(questions.map(({ line, question }) => [line, question])).toEqual([
      [
        2,
        {
          type: 'single',
          texts: { en: 'Where is the exit?' },
          tags: ['Fire safety', 'Exits'],
          feedback: { en: 'Follow the signs.' },
          options: [
            { texts: { en: 'Left' }, weight: 0 },
            { texts: { en: 'Right' }, weight: 100 },
            { texts: { en: 'Up' }, weight: 0 },
          ],
        },
      ],
      [
        3,
        {
          type: 'multiple',
          texts: { en: 'Which are extinguishers?' },
          options: [
            { texts: { en: 'Foam' }, weight: 50 },
            { texts: { en: 'Water' }, weight: 50 },
            { texts: { en: 'Paper' }, weight: -50 },
            { texts: { en: 'Wood' }, weight: -50 },
          ],
        },
      ],
      [4, { type: 'true_false', texts: { en: 'Fire is hot.' }, answer: true }],
      [
        5,
        {
          type: 'short_answer',
          texts: { en: 'Emergency number?' },
          answers: [
            { text: '118', weight: 100 },
            { text: 'one one eight', weight: 100 },
          ],
        },
      ],
      [
        6,
        {
          type: 'ordering',
          texts: { en: 'Order the steps.' },
          items: [{ texts: { en: 'Raise the alarm' } }, { texts: { en: 'Leave' } }, { texts: { en: 'Call 118' } }],
        },
      ],
    ]);
  });

  it('when a spreadsheet writes semicolons and texts per language, then every language is kept', () => {
    const { questions, errors } = parsed(
      '\uFEFFType;Question_de;Question_fr;Answers_de;Answers_fr;Correct\n' +
        'single;Wo ist der Ausgang?;Où est la sortie ?;Links|Rechts;À gauche|À droite;1\n',
      'de',
    );
    expect(errors).toEqual([]);
    expect(questions[0]?.question).toEqual({
      type: 'single',
      texts: { de: 'Wo ist der Ausgang?', fr: 'Où est la sortie ?' },
      options: [
        { texts: { de: 'Links', fr: 'À gauche' }, weight: 100 },
        { texts: { de: 'Rechts', fr: 'À droite' }, weight: 0 },
      ],
    });
  });

  it('when a cell is quoted or an answer holds an escaped bar, then the text is kept whole', () => {
    const { questions } = parsed('type,question,answers,correct\nsingle,"Pick one, please",a \\| b|c,1\n');
    expect(questions[0]?.question).toMatchObject({
      texts: { en: 'Pick one, please' },
      options: [{ texts: { en: 'a | b' } }, { texts: { en: 'c' } }],
    });
  });

  it('when rows are wrong, then each has its line error and the good rows still parse', () => {
    const { questions, errors } = parsed(
      [
        'type,question,answers,correct',
        'essay,Write.,,',
        'single,Which?,a|b,3',
        'multiple,Which?,a|b,x',
        'true_false,True?,,maybe',
        'single,Which?,a|b,1',
      ].join('\n'),
    );
    expect(errors).toEqual([
      { line: 2, code: 'csv_type_invalid' },
      { line: 3, code: 'csv_correct_invalid' },
      { line: 4, code: 'csv_correct_invalid' },
      { line: 5, code: 'csv_correct_invalid' },
    ]);
    expect(questions.map(({ line }) => line)).toEqual([6]);
  });

  it('when languages list different numbers of answers, then the line says so', () => {
    const { errors } = parsed('type,question,answers_en,answers_fr,correct\nsingle,Which?,a|b|c,x|y,1\n');
    expect(errors).toEqual([{ line: 2, code: 'csv_answers_mismatch' }]);
  });

  it('when a question breaks a rule of the bank, then the line names the rule', () => {
    const { errors } = parsed('type,question,answers,correct\nsingle,Which?,only one,1\n');
    expect(errors).toEqual([{ line: 2, code: 'question_invalid', detail: 'options_count' }]);
  });

  it('when the header lacks type or question, or names an unknown column, then the file is refused at line 1', () => {
    expect(parsed('question,answers\nWhich?,a|b\n').errors).toEqual([{ line: 1, code: 'csv_header_invalid' }]);
    expect(parsed('type,question,anwsers\nsingle,Which?,a|b\n').errors).toEqual([
      { line: 1, code: 'csv_column_unknown', detail: 'anwsers' },
    ]);
    expect(parsed('').errors).toEqual([{ line: 1, code: 'csv_header_invalid' }]);
  });

  it('when quotes are broken, then the file is csv_invalid with nothing parsed', () => {
    const { questions, errors } = parsed('type,question\ntrue_false,"Open quote\n');
    expect(questions).toEqual([]);
    expect(errors).toEqual([{ line: expect.any(Number), code: 'csv_invalid' }]);
  });

  it('when a row is too long or there are too many rows, then the import is bounded', () => {
    const long = parsed(`type,question,correct\ntrue_false,${'x'.repeat(IMPORT_LIMITS.lineMax)},true\n`);
    expect(long.errors).toEqual([{ line: expect.any(Number), code: 'line_too_long' }]);
    const rows = Array.from({ length: IMPORT_LIMITS.questionsMax + 5 }, () => 'true_false,True?,true');
    const many = parsed(['type,question,correct', ...rows].join('\n'));
    expect(many.questions).toHaveLength(IMPORT_LIMITS.questionsMax);
    expect(many.errors).toEqual([{ line: IMPORT_LIMITS.questionsMax + 2, code: 'too_many_questions' }]);
  });

  it("when errors are shown, then the message is in the requester's language and names the broken rule", () => {
    const { errors } = parsed('type,question,answers,correct\nsingle,Which?,only one,1\n');
    expect(importErrorsIn(errors, 'de')).toEqual([
      {
        line: 2,
        code: 'question_invalid',
        message:
          'Diese Frage ist ungültig: sie braucht mindestens zwei Antworten (eine bei einer Kurzantwort), höchstens 50.',
      },
    ]);
  });
});
