import { describe, expect, it } from '@jest/globals';
import { QUIZ_LIMITS, type QuestionInput } from '@portal/contracts/quizzes';
import { parseGift, toGift } from '../src/domain/gift.ts';
import { IMPORT_LIMITS, importErrorsIn } from '../src/domain/question-import.ts';

const en = (text: string) => ({ en: text });
const only = (source: string) => {
  const { questions, errors } = parseGift(source, 'en');
  expect(errors).toEqual([]);
  expect(questions).toHaveLength(1);
  return questions[0]?.question;
};

// The examples are Moodle's documented GIFT examples (docs.moodle.org, "GIFT format").
describe('GIFT import', () => {
  it('when a single choice question is given, then = is right and ~ wrong', () => {
    expect(only("Who's buried in Grant's tomb?{~Grant =no one ~Napoleon ~Churchill ~Mother Teresa }")).toEqual({
      type: 'single',
      texts: en("Who's buried in Grant's tomb?"),
      options: [
        { texts: en('Grant'), weight: 0 },
        { texts: en('no one'), weight: 100 },
        { texts: en('Napoleon'), weight: 0 },
        { texts: en('Churchill'), weight: 0 },
        { texts: en('Mother Teresa'), weight: 0 },
      ],
    });
  });

  it('when a multiple choice has weights, then each option keeps its weight', () => {
    const question = only(`What two people are entombed in Grant's tomb? {
   ~%-100%No one
   ~%50%Grant
   ~%50%Grant's wife
   ~%-100%Grant's father
}`);
    expect(question).toEqual({
      type: 'multiple',
      texts: en("What two people are entombed in Grant's tomb?"),
      options: [
        { texts: en('No one'), weight: -100 },
        { texts: en('Grant'), weight: 50 },
        { texts: en("Grant's wife"), weight: 50 },
        { texts: en("Grant's father"), weight: -100 },
      ],
    });
  });

  it('when true/false is written {T}, {F} or {TRUE}, then the answer follows', () => {
    const { questions, errors } = parseGift(
      "Grant is buried in Grant's tomb.{F}\n\nThe sun rises in the east.{T}\n\nWater is wet.{TRUE}",
      'en',
    );
    expect(errors).toEqual([]);
    expect(questions.map(({ question }) => question.type === 'true_false' && question.answer)).toEqual([
      false,
      true,
      true,
    ]);
    expect(questions.map(({ line }) => line)).toEqual([1, 3, 5]);
  });

  it('when true/false carries feedback, then the first is for the wrong answer, the second for the right one', () => {
    expect(only('The sun rises in the east.{T#Wrong, it does.#Right.}')).toMatchObject({
      answer: true,
      feedbackFalse: en('Wrong, it does.'),
      feedbackTrue: en('Right.'),
    });
  });

  it('when a short answer lists answers, then each is accepted', () => {
    expect(only("Who's buried in Grant's tomb?{=no one =nobody}")).toEqual({
      type: 'short_answer',
      texts: en("Who's buried in Grant's tomb?"),
      answers: [
        { text: 'no one', weight: 100 },
        { text: 'nobody', weight: 100 },
      ],
    });
  });

  it('when a missing word question has text after the braces, then a blank stands for the answer', () => {
    expect(only('Moodle costs {~lots of money =nothing ~a small amount} to download from moodle.org.')).toMatchObject({
      type: 'single',
      texts: en('Moodle costs _____ to download from moodle.org.'),
    });
  });

  it("when Moodle's quick examples are imported as one file, then each supported one parses and the rest say why", () => {
    const { questions, errors } = parseGift(
      `// true/false
::Q1:: 1+1=2 {T}

// multiple choice with specified feedback for right and wrong answers
::Q2:: What's between orange and green in the spectrum?
{ =yellow # right; good! ~red # wrong, it's yellow ~blue # wrong, it's yellow }

// fill-in-the-blank
::Q3:: Two plus {=two =2} equals four.

// matching
::Q4:: Which animal eats which food? { =cat -> cat food =dog -> dog food }

// math range question
::Q5:: What is a number from 1 to 5? {#3:2}`,
      'en',
    );
    expect(questions.map(({ line, question }) => [line, question])).toEqual([
      [2, { type: 'true_false', texts: en('1+1=2'), answer: true }],
      [
        5,
        {
          type: 'single',
          texts: en("What's between orange and green in the spectrum?"),
          options: [
            { texts: en('yellow'), weight: 100, feedback: en('right; good!') },
            { texts: en('red'), weight: 0, feedback: en("wrong, it's yellow") },
            { texts: en('blue'), weight: 0, feedback: en("wrong, it's yellow") },
          ],
        },
      ],
      [
        9,
        {
          type: 'short_answer',
          texts: en('Two plus _____ equals four.'),
          answers: [
            { text: 'two', weight: 100 },
            { text: '2', weight: 100 },
          ],
        },
      ],
    ]);
    expect(errors).toEqual([
      { line: 12, code: 'gift_unsupported' },
      { line: 15, code: 'gift_unsupported' },
    ]);
  });

  it('when a title, comments, feedback and general feedback are given, then the text has no title and the feedback is kept', () => {
    const question = only(`// question: 1 name: Grants tomb
::Grants tomb::Who is buried in Grant's tomb in New York City? {
=Grant #Right.
~No one #Wrong.
~Napoleon
####The tomb holds Grant and his wife.
}`);
    expect(question).toEqual({
      type: 'single',
      texts: en("Who is buried in Grant's tomb in New York City?"),
      feedback: en('The tomb holds Grant and his wife.'),
      options: [
        { texts: en('Grant'), weight: 100, feedback: en('Right.') },
        { texts: en('No one'), weight: 0, feedback: en('Wrong.') },
        { texts: en('Napoleon'), weight: 0 },
      ],
    });
  });

  it('when special characters are escaped, then they are text', () => {
    expect(only('Which answer equals 5? {\n~ \\= 2 + 2\n= \\= 2 + 3\n~ \\= 2 + 4\n}')).toMatchObject({
      options: [{ texts: en('= 2 + 2') }, { texts: en('= 2 + 3'), weight: 100 }, { texts: en('= 2 + 4') }],
    });
    expect(only('Braces \\{ and \\} and \\# and \\~ and \\: {T}')).toMatchObject({
      texts: en('Braces { and } and # and ~ and :'),
    });
  });

  it('when a $CATEGORY line comes first, then the following questions carry its last part as a tag', () => {
    const { questions } = parseGift('$CATEGORY: $course$/Fire safety\n\nFire is hot.{T}', 'en');
    expect(questions[0]?.question.tags).toEqual(['Fire safety']);
  });

  it('when a matching question pairs items with their positions, then it becomes an ordering', () => {
    expect(only('Order the steps. {\n=Raise the alarm -> 1\n=Leave the building -> 2\n=Call 118 -> 3\n}')).toEqual({
      type: 'ordering',
      texts: en('Order the steps.'),
      items: [{ texts: en('Raise the alarm') }, { texts: en('Leave the building') }, { texts: en('Call 118') }],
    });
  });

  it('when a matching question pairs other things, then its line is gift_unsupported', () => {
    const source = 'Match the following countries with their capitals. {\n=Canada -> Ottawa\n=Italy -> Rome\n}';
    expect(parseGift(source, 'en').errors).toEqual([{ line: 1, code: 'gift_unsupported' }]);
  });

  it('when essay, numerical or description questions come, then each line says gift_unsupported', () => {
    const source =
      'Write a short biography of Dag Hammarskjöld. {}\n\nWhen was Ulysses S. Grant born?{#1822:5}\n\nJust a description.';
    expect(parseGift(source, 'en').errors).toEqual([
      { line: 1, code: 'gift_unsupported' },
      { line: 3, code: 'gift_unsupported' },
      { line: 5, code: 'gift_unsupported' },
    ]);
  });

  it('when GIFT is malformed, then each bad question has its line error and good ones still parse', () => {
    const source =
      'Fine.{T}\n\nNo closing brace {=a ~b\n\n::No end of title {T}\n\nTwo right answers {=a =b ~c}\n\nStray {x =a ~b}';
    const { questions, errors } = parseGift(source, 'en');
    expect(questions).toHaveLength(1);
    expect(errors).toEqual([
      { line: 3, code: 'gift_syntax' },
      { line: 5, code: 'gift_syntax' },
      { line: 7, code: 'gift_syntax' },
      { line: 9, code: 'gift_syntax' },
    ]);
  });

  it('when weights do not add up, then the line says which rule the question breaks', () => {
    expect(parseGift('Pick two. {~%50%a ~%20%b ~c}', 'en').errors).toEqual([
      { line: 1, code: 'question_invalid', detail: 'weights_sum' },
    ]);
  });

  it('when a question has 10,000 options, then it stops at the bank limit', () => {
    // one option a line, as GIFT files write them: the line limit does not catch it first
    const options = Array.from({ length: 10_000 }, (_, index) => `~o${index}`).join('\n');
    expect(parseGift(`Too many {=right ${options}}`, 'en').errors).toEqual([{ line: 1, code: 'options_count' }]);
    expect(QUIZ_LIMITS.optionsMax).toBeLessThan(10_000);
  });

  it('when a line is too long or there are too many questions, then the import is bounded', () => {
    expect(parseGift(`${'x'.repeat(IMPORT_LIMITS.lineMax + 1)}{T}`, 'en').errors).toEqual([
      { line: 1, code: 'line_too_long' },
    ]);
    const many = Array.from({ length: IMPORT_LIMITS.questionsMax + 5 }, () => 'True?{T}').join('\n\n');
    const { questions, errors } = parseGift(many, 'en');
    expect(questions).toHaveLength(IMPORT_LIMITS.questionsMax);
    expect(errors).toEqual([{ line: IMPORT_LIMITS.questionsMax * 2 + 1, code: 'too_many_questions' }]);
  });

  it('when the language is French, then the texts are French', () => {
    expect(parseGift('Le feu est chaud.{T}', 'fr').questions[0]?.question.texts).toEqual({ fr: 'Le feu est chaud.' });
  });

  it("when errors are shown, then their messages are in the requester's language", () => {
    const { errors } = parseGift(`Too many {=a ${'~b '.repeat(60)}}`, 'en');
    expect(importErrorsIn(errors, 'de')).toEqual([
      { line: 1, code: 'options_count', message: 'Eine Frage hat höchstens 50 Antworten.' },
    ]);
    expect(importErrorsIn(errors, 'rm')[0]?.message).toBe('Ina dumonda ha il pli 50 respostas.');
  });
});

describe('GIFT export', () => {
  const bank: QuestionInput[] = [
    {
      type: 'single',
      texts: en('Which equals {5}? Say: "a = b" #1\nSecond line'),
      tags: ['Maths'],
      feedback: en('See chapter 2.'),
      options: [
        { texts: en('2 + 3'), weight: 100, feedback: en('Right: 5.') },
        { texts: en('2 ~ 2'), weight: 25 },
        { texts: en('C:\\temp'), weight: 0 },
      ],
    },
    {
      type: 'multiple',
      texts: en('Pick two.'),
      tags: ['Maths'],
      options: [
        { texts: en('a'), weight: 50 },
        { texts: en('b'), weight: 50 },
        { texts: en('c'), weight: -100, feedback: en('No #c.') },
      ],
    },
    { type: 'true_false', texts: en('Fire is cold.'), answer: false, feedbackTrue: en('It is hot.') },
    { type: 'true_false', texts: en('Fire is hot.'), answer: true, feedbackTrue: en('Yes.'), feedbackFalse: en('No.') },
    {
      type: 'short_answer',
      texts: en('Emergency number?'),
      tags: ['Safety'],
      answers: [
        { text: '112', weight: 100 },
        { text: '118', weight: 50, feedback: en('That is the fire brigade.') },
      ],
    },
    { type: 'ordering', texts: en('Order.'), items: [{ texts: en('first') }, { texts: en('second') }] },
  ];

  it('when the bank is exported and imported again, then the questions are the same', () => {
    const { questions, errors } = parseGift(toGift(bank, 'en'), 'en');
    expect(errors).toEqual([]);
    expect(questions.map(({ question }) => question)).toEqual(bank);
  });

  it('when a text is missing in the asked language, then the exported one is in the language it was written in', () => {
    const gift = toGift(
      [{ type: 'true_false', texts: { de: 'Feuer ist heiss.', fr: 'Le feu est chaud.' }, answer: true }],
      'fr',
    );
    expect(gift).toContain('Le feu est chaud. {');
    expect(toGift([{ type: 'true_false', texts: { de: 'Feuer ist heiss.' }, answer: true }], 'fr')).toContain(
      'Feuer ist heiss.',
    );
  });
});
