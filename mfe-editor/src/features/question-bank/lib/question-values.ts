import { type Language, LANGUAGES } from '@portal/contracts/languages';
import type { Question, QuestionInput, QuestionType, Texts } from '@portal/contracts/quizzes';

/** A text in each of the five languages ('' : not written). */
export type LanguageTexts = Record<Language, string>;

export interface ChoiceValues {
  texts: LanguageTexts;
  /** The share of the question's mark the option earns, in %. */
  weight: number;
  feedback: LanguageTexts;
}

export interface AnswerValues {
  text: string;
  weight: number;
  feedback: LanguageTexts;
}

/**
 * The question form's values: every type's fields at once, the type telling which the question keeps, so that a
 * switch of type loses nothing the author wrote. Tags are one comma-separated line.
 */
export interface QuestionFormValues {
  type: QuestionType;
  texts: LanguageTexts;
  feedback: LanguageTexts;
  tags: string;
  /** single and multiple */
  options: ChoiceValues[];
  /** true_false: the right answer */
  answer: 'true' | 'false';
  feedbackTrue: LanguageTexts;
  feedbackFalse: LanguageTexts;
  /** short_answer: the accepted answers */
  answers: AnswerValues[];
  /** ordering: the items in the right order */
  items: { texts: LanguageTexts }[];
}

const noTexts = (): LanguageTexts => Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as LanguageTexts;

const textsOf = (texts: Texts | undefined): LanguageTexts => ({ ...noTexts(), ...texts });

export const emptyOption = (weight = 0): ChoiceValues => ({ texts: noTexts(), weight, feedback: noTexts() });
export const emptyAnswer = (): AnswerValues => ({ text: '', weight: 100, feedback: noTexts() });
export const emptyItem = () => ({ texts: noTexts() });

export function emptyQuestionValues(): QuestionFormValues {
  return {
    type: 'single',
    texts: noTexts(),
    feedback: noTexts(),
    tags: '',
    options: [emptyOption(100), emptyOption()],
    answer: 'true',
    feedbackTrue: noTexts(),
    feedbackFalse: noTexts(),
    answers: [emptyAnswer()],
    items: [emptyItem(), emptyItem()],
  };
}

/** A stored question's values, the other types' fields empty. */
export function questionValuesOf({ question }: Question): QuestionFormValues {
  const values: QuestionFormValues = {
    ...emptyQuestionValues(),
    type: question.type,
    texts: textsOf(question.texts),
    feedback: textsOf(question.feedback),
    tags: (question.tags ?? []).join(', '),
  };
  switch (question.type) {
    case 'single':
    case 'multiple':
      return {
        ...values,
        options: question.options.map((option) => ({
          texts: textsOf(option.texts),
          weight: option.weight,
          feedback: textsOf(option.feedback),
        })),
      };
    case 'true_false':
      return {
        ...values,
        answer: question.answer ? 'true' : 'false',
        feedbackTrue: textsOf(question.feedbackTrue),
        feedbackFalse: textsOf(question.feedbackFalse),
      };
    case 'short_answer':
      return {
        ...values,
        answers: question.answers.map((answer) => ({
          text: answer.text,
          weight: answer.weight,
          feedback: textsOf(answer.feedback),
        })),
      };
    case 'ordering':
      return { ...values, items: question.items.map((item) => ({ texts: textsOf(item.texts) })) };
  }
}

const isBlank = (texts: LanguageTexts) => LANGUAGES.every((language) => texts[language].trim() === '');

/**
 * A switch of type keeps what still fits: the choices' texts become the items to order and back, when the list
 * switched to has nothing written yet; the rest stays as written for a switch back.
 */
export function switchedType(values: QuestionFormValues, type: QuestionType): QuestionFormValues {
  const isChoice = (to: QuestionType) => to === 'single' || to === 'multiple';
  if (type === 'ordering' && isChoice(values.type) && values.items.every((item) => isBlank(item.texts)))
    return { ...values, type, items: values.options.map((option) => ({ texts: { ...option.texts } })) };
  if (isChoice(type) && values.type === 'ordering' && values.options.every((option) => isBlank(option.texts))) {
    const options = values.items.map((item, index) => ({ ...emptyOption(index === 0 ? 100 : 0), texts: item.texts }));
    return { ...values, type, options };
  }
  return { ...values, type };
}

/** The languages written in; none: undefined when the text may be left out. */
function writtenTexts(texts: LanguageTexts): Texts {
  const written: Texts = {};
  for (const language of LANGUAGES) if (texts[language].trim() !== '') written[language] = texts[language];
  return written;
}

const optionalTexts = (texts: LanguageTexts) => (isBlank(texts) ? undefined : writtenTexts(texts));

/** Keys whose value is undefined are left out, so that the body sent is the one the API reads. */
const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

/** What the API takes: the type's own fields, the languages written in, no empty feedback or tags. */
export function questionInputOf(values: QuestionFormValues): QuestionInput {
  const tags = values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  const common = withoutUndefined({
    texts: writtenTexts(values.texts),
    tags: tags.length > 0 ? tags : undefined,
    feedback: optionalTexts(values.feedback),
  });
  switch (values.type) {
    case 'single':
    case 'multiple':
      return {
        type: values.type,
        ...common,
        options: values.options.map((option) =>
          withoutUndefined({
            texts: writtenTexts(option.texts),
            weight: option.weight,
            feedback: optionalTexts(option.feedback),
          }),
        ),
      };
    case 'true_false':
      return withoutUndefined({
        type: values.type,
        ...common,
        answer: values.answer === 'true',
        feedbackTrue: optionalTexts(values.feedbackTrue),
        feedbackFalse: optionalTexts(values.feedbackFalse),
      });
    case 'short_answer':
      return {
        type: values.type,
        ...common,
        answers: values.answers.map((answer) =>
          withoutUndefined({ text: answer.text, weight: answer.weight, feedback: optionalTexts(answer.feedback) }),
        ),
      };
    case 'ordering':
      return {
        type: values.type,
        ...common,
        items: values.items.map((item) => ({ texts: writtenTexts(item.texts) })),
      };
  }
}

/** An error's path as the form names its field: a tag's error is the tags line's. */
export const formPathOf = (path: string) => (/^tags\.\d+$/.test(path) ? 'tags' : path);
