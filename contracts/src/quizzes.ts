import { z } from 'zod/mini';
import { LANGUAGES, perLanguage } from './languages.ts';
import { boundedTo, lineTextSchema, multilineTextSchema, uuidSchema } from './rules.ts';

/** The quizzes service's payloads (server-side: not in browser.ts, the /login page does not carry them). */
export const QUIZ_LIMITS = {
  optionsMax: 50,
  questionTextMax: 4000,
  optionTextMax: 1000,
  feedbackMax: 2000,
  shortAnswerMax: 200,
  tagsMax: 20,
  tagMax: 50,
  answersMax: 200,
  drawMax: 200,
  perTagMax: 20,
  attemptsAllowedMax: 100,
  waitMinutesMax: 60 * 24 * 365,
  timeLimitMinutesMax: 60 * 24,
  /** An import's file (GIFT or CSV text): refused at the gateway before it is read when larger. */
  importBytesMax: 2 * 1024 * 1024,
  /** Why an administrator granted an extra attempt or recorded a pass. */
  grantReasonMax: 500,
  /** The people to follow up on one page of the quiz report. */
  reportPageMax: 100,
} as const;

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short_answer', 'ordering'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Checks a list's length before its items are parsed: 10,000 options cost one comparison, not 10,000 parses. */
const boundedList = <T extends z.core.SomeType>(item: T, maximum: number, code: string, minimum = 0) =>
  z.pipe(z.array(z.unknown()).check(boundedTo(maximum, code), z.minLength(minimum, code)), z.array(item));

const textIn = (maximum: number) =>
  multilineTextSchema().check(boundedTo(maximum, 'text_too_long'), z.trim(), z.minLength(1, 'text_required'));

/** A text in one or more of the five languages, at least one of them given. */
const textsOf = (maximum: number) =>
  perLanguage(textIn(maximum)).check(
    z.refine((texts) => LANGUAGES.some((language) => texts[language] !== undefined), 'text_required'),
  );
const questionTextsSchema = textsOf(QUIZ_LIMITS.questionTextMax);
const optionTextsSchema = textsOf(QUIZ_LIMITS.optionTextMax);
const feedbackSchema = z.optional(textsOf(QUIZ_LIMITS.feedbackMax));
export type Texts = z.infer<typeof questionTextsSchema>;

/** A percentage of the question's mark an answer earns (negative: a wrong choice of a multiple choice costs). */
const weightSchema = z.number().check(z.gte(-100, 'weight_invalid'), z.lte(100, 'weight_invalid'));

const choiceOptionSchema = z.object({
  texts: optionTextsSchema,
  weight: weightSchema,
  feedback: feedbackSchema,
});

const tagsSchema = z.optional(
  boundedList(
    lineTextSchema().check(boundedTo(QUIZ_LIMITS.tagMax, 'tag_too_long'), z.trim(), z.minLength(1, 'tag_required')),
    QUIZ_LIMITS.tagsMax,
    'too_many_tags',
  ),
);

const common = { texts: questionTextsSchema, tags: tagsSchema, feedback: feedbackSchema };
const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

/**
 * A question as an administrator writes it. single: one option weighs 100 (others may earn part); multiple: the
 * positive weights add up to 100, wrong choices may cost (the score never falls below 0); true_false: the right
 * answer; short_answer: accepted answers, matched without regard to case and accents; ordering: the items in the
 * right order (shown shuffled).
 */
export const questionInputSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('single'),
      ...common,
      options: boundedList(choiceOptionSchema, QUIZ_LIMITS.optionsMax, 'options_count', 2),
    })
    .check(
      z.refine((question) => question.options.filter((option) => option.weight === 100).length === 1, {
        message: 'one_right_answer',
        path: ['options'],
      }),
    ),
  z
    .object({
      type: z.literal('multiple'),
      ...common,
      options: boundedList(choiceOptionSchema, QUIZ_LIMITS.optionsMax, 'options_count', 2),
    })
    .check(
      z.refine(
        (question) =>
          near(
            question.options.reduce((sum, option) => sum + Math.max(0, option.weight), 0),
            100,
          ),
        { message: 'weights_sum', path: ['options'] },
      ),
    ),
  z.object({
    type: z.literal('true_false'),
    ...common,
    answer: z.boolean(),
    feedbackTrue: feedbackSchema,
    feedbackFalse: feedbackSchema,
  }),
  z
    .object({
      type: z.literal('short_answer'),
      ...common,
      answers: boundedList(
        z.object({
          text: lineTextSchema().check(
            boundedTo(QUIZ_LIMITS.shortAnswerMax, 'text_too_long'),
            z.trim(),
            z.minLength(1, 'text_required'),
          ),
          weight: z.number().check(z.gte(0, 'weight_invalid'), z.lte(100, 'weight_invalid')),
          feedback: feedbackSchema,
        }),
        QUIZ_LIMITS.optionsMax,
        'options_count',
        1,
      ),
    })
    .check(
      z.refine((question) => question.answers.some((answer) => answer.weight === 100), {
        message: 'one_right_answer',
        path: ['answers'],
      }),
    ),
  z.object({
    type: z.literal('ordering'),
    ...common,
    items: boundedList(z.object({ texts: optionTextsSchema }), QUIZ_LIMITS.optionsMax, 'options_count', 2),
  }),
]);
export type QuestionInput = z.output<typeof questionInputSchema>;

/** `POST /api/courses/{id}/questions/import`: the file's format; a dry run (the default) stores nothing. */
export const questionImportQuerySchema = z.object({
  format: z.enum(['gift', 'csv']),
  dryRun: z.optional(z.enum(['true', 'false'])),
});

/** The import's answer: every question as parsed, and every line's error (any error: nothing stored). */
export const questionImportResultSchema = z.object({
  questions: z.array(questionInputSchema),
  errors: z.array(z.object({ line: z.number(), code: z.string(), message: z.string() })),
});

/** `GET /api/courses/{id}/questions`: JSON, or `format=gift` for the bank as a GIFT file in `lang`. */
export const questionsQuerySchema = z.object({
  format: z.optional(z.enum(['gift'])),
  lang: z.optional(z.enum(LANGUAGES)),
});

/** A question as administrators read it: its input, its id, version and the option ids the attempts use. */
export const questionSchema = z.object({
  id: uuidSchema,
  courseId: uuidSchema,
  version: z.number(),
  question: questionInputSchema,
  /** The ids of its options (single, multiple) or items (ordering), in the order written; true_false: true, false. */
  optionIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

const count = (maximum: number, code: string) => z.number().check(z.int(code), z.gte(1, code), z.lte(maximum, code));

/** How a quiz lesson draws from the course's bank: every question, N at random, or N of each tag. */
export const quizDrawSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }),
  z.object({ mode: z.literal('random'), count: count(QUIZ_LIMITS.drawMax, 'count_invalid') }),
  z.object({
    mode: z.literal('per_tag'),
    tags: boundedList(
      z.object({
        tag: lineTextSchema().check(boundedTo(QUIZ_LIMITS.tagMax, 'tag_too_long'), z.trim(), z.minLength(1)),
        count: count(QUIZ_LIMITS.drawMax, 'count_invalid'),
      }),
      QUIZ_LIMITS.perTagMax,
      'too_many_tags',
      1,
    ),
  }),
]);

/**
 * A quiz lesson's settings. attemptsAllowed null: unlimited; waitMinutes between one attempt's end and the next;
 * timeLimitMinutes null: none. feedback: `score` only, `wrong` (which were wrong), or `answers` (the right answers
 * too, once passed or out of attempts).
 */
export const quizSettingsSchema = z.object({
  draw: quizDrawSchema,
  passPercent: z.number().check(z.gte(0, 'pass_invalid'), z.lte(100, 'pass_invalid')),
  attemptsAllowed: z.nullable(count(QUIZ_LIMITS.attemptsAllowedMax, 'attempts_invalid')),
  waitMinutes: z.number().check(z.int(), z.gte(0, 'wait_invalid'), z.lte(QUIZ_LIMITS.waitMinutesMax, 'wait_invalid')),
  timeLimitMinutes: z.nullable(count(QUIZ_LIMITS.timeLimitMinutesMax, 'time_limit_invalid')),
  shuffle: z.boolean(),
  feedback: z.enum(['score', 'wrong', 'answers']),
});
export type QuizSettings = z.output<typeof quizSettingsSchema>;

/** One answer as the learner gives it: chosen options (single, multiple, true_false), a text, or an order. */
export const attemptAnswerSchema = z.object({
  questionId: uuidSchema,
  optionIds: z.optional(
    boundedList(z.string().check(boundedTo(40, 'option_invalid')), QUIZ_LIMITS.optionsMax, 'options_count'),
  ),
  text: z.optional(lineTextSchema().check(boundedTo(QUIZ_LIMITS.shortAnswerMax, 'text_too_long'))),
  order: z.optional(
    boundedList(z.string().check(boundedTo(40, 'option_invalid')), QUIZ_LIMITS.optionsMax, 'options_count'),
  ),
});
export type AttemptAnswer = z.output<typeof attemptAnswerSchema>;

/** `PUT /api/attempts/{id}/answers`: the answers given so far (each replaces the question's earlier one). */
export const attemptAnswersSchema = z.object({
  answers: boundedList(attemptAnswerSchema, QUIZ_LIMITS.answersMax, 'too_many_answers'),
});

/** A question as the learner sees it during an attempt: nothing in it tells which answer is right. */
export const attemptQuestionSchema = z.object({
  id: uuidSchema,
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});

/** What the learner is told of each question after submitting, as the quiz's feedback mode allows. */
export const questionFeedbackSchema = z.object({
  questionId: uuidSchema,
  scorePercent: z.optional(z.number()),
  correct: z.optional(z.boolean()),
  feedback: z.optional(z.array(z.string())),
  rightOptionIds: z.optional(z.array(z.string())),
  rightText: z.optional(z.string()),
});

export const attemptSchema = z.object({
  id: uuidSchema,
  lessonId: uuidSchema,
  questions: z.array(attemptQuestionSchema),
  answers: z.array(attemptAnswerSchema),
  startedAt: z.string(),
  endsAt: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  scorePercent: z.nullable(z.number()),
  passed: z.nullable(z.boolean()),
  feedback: z.nullable(z.array(questionFeedbackSchema)),
});

export const submittedAttemptSchema = z.object({
  scorePercent: z.number(),
  passed: z.boolean(),
  feedback: z.array(questionFeedbackSchema),
});

/** A learner's attempts at one quiz, oldest first, with what is left. */
export const myAttemptsSchema = z.object({
  attempts: z.array(
    z.object({
      id: uuidSchema,
      startedAt: z.string(),
      submittedAt: z.nullable(z.string()),
      scorePercent: z.nullable(z.number()),
      passed: z.nullable(z.boolean()),
    }),
  ),
  attemptsLeft: z.nullable(z.number()),
  nextAttemptAt: z.nullable(z.string()),
});
