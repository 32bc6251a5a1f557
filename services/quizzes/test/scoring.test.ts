import { describe, expect, it } from '@jest/globals';
import { type QuestionInput, questionInputSchema } from '@portal/contracts/quizzes';
import { normalizeAnswer, rightOptionIdsOf, scoreAnswer, scorePercentOf } from '../src/domain/scoring.ts';

const texts = (en: string) => ({ en });
const question = (input: unknown) => questionInputSchema.parse(input) as QuestionInput;

const single = question({
  type: 'single',
  texts: texts('Which colour is the sky?'),
  options: [
    { texts: texts('Blue'), weight: 100 },
    { texts: texts('Cyan'), weight: 50 },
    { texts: texts('Green'), weight: 0 },
  ],
});
const multiple = question({
  type: 'multiple',
  texts: texts('Which are fruit?'),
  options: [
    { texts: texts('Apple'), weight: 50 },
    { texts: texts('Pear'), weight: 50 },
    { texts: texts('Stone'), weight: -50 },
    { texts: texts('Chair'), weight: -50 },
  ],
});
const ids = ['a', 'b', 'c', 'd'];

describe('scoring each question type', () => {
  it('when a single choice is answered, then it earns the chosen option’s weight, nothing for two choices', () => {
    expect(scoreAnswer(single, ids, { optionIds: ['a'] })).toBe(1);
    expect(scoreAnswer(single, ids, { optionIds: ['b'] })).toBe(0.5);
    expect(scoreAnswer(single, ids, { optionIds: ['c'] })).toBe(0);
    expect(scoreAnswer(single, ids, { optionIds: ['a', 'b'] })).toBe(0);
    expect(scoreAnswer(single, ids, undefined)).toBe(0);
  });

  it('when a multiple choice is partly right, then it earns partial credit, wrong choices cost, never below 0', () => {
    expect(scoreAnswer(multiple, ids, { optionIds: ['a', 'b'] })).toBe(1);
    expect(scoreAnswer(multiple, ids, { optionIds: ['a'] })).toBe(0.5);
    expect(scoreAnswer(multiple, ids, { optionIds: ['a', 'b', 'c'] })).toBe(0.5);
    expect(scoreAnswer(multiple, ids, { optionIds: ['a', 'c', 'd'] })).toBe(0);
    expect(scoreAnswer(multiple, ids, { optionIds: ['a', 'a'] })).toBe(0.5);
  });

  it('when a true/false question is answered, then only the right one of its two options scores', () => {
    const statement = question({ type: 'true_false', texts: texts('The sun is a star.'), answer: true });
    expect(scoreAnswer(statement, ['true', 'false'], { optionIds: ['true'] })).toBe(1);
    expect(scoreAnswer(statement, ['true', 'false'], { optionIds: ['false'] })).toBe(0);
    expect(scoreAnswer(statement, ['true', 'false'], { optionIds: ['true', 'false'] })).toBe(0);
  });

  it('when a short answer differs in case, accents or spacing, then it still matches; the best accepted one counts', () => {
    const city = question({
      type: 'short_answer',
      texts: texts('Largest Swiss city?'),
      answers: [
        { text: 'Zürich', weight: 100 },
        { text: 'Zurigo', weight: 50 },
      ],
    });
    expect(scoreAnswer(city, [], { text: '  ZURICH ' })).toBe(1);
    expect(scoreAnswer(city, [], { text: 'zürich' })).toBe(1);
    expect(scoreAnswer(city, [], { text: 'Zurigo' })).toBe(0.5);
    expect(scoreAnswer(city, [], { text: 'Geneva' })).toBe(0);
    expect(normalizeAnswer('Crème  Brûlée')).toBe('creme brulee');
  });

  it('when items are ordered, then the share in their right place counts; anything not a permutation scores 0', () => {
    const steps = question({
      type: 'ordering',
      texts: texts('Order the steps'),
      items: [{ texts: texts('one') }, { texts: texts('two') }, { texts: texts('three') }, { texts: texts('four') }],
    });
    expect(scoreAnswer(steps, ids, { order: ['a', 'b', 'c', 'd'] })).toBe(1);
    expect(scoreAnswer(steps, ids, { order: ['a', 'b', 'd', 'c'] })).toBe(0.5);
    expect(scoreAnswer(steps, ids, { order: ['a', 'a', 'a', 'a'] })).toBe(0);
    expect(scoreAnswer(steps, ids, { order: ['a', 'b'] })).toBe(0);
    expect(rightOptionIdsOf(steps, ids)).toEqual(ids);
  });

  it('when shares are averaged, then the score is a percentage with two decimals', () => {
    expect(scorePercentOf([1, 0, 0.5])).toBe(50);
    expect(scorePercentOf([1, 0, 0])).toBe(33.33);
    expect(scorePercentOf([])).toBe(0);
  });

  it('when the right answers are asked for, then a single choice names its full-mark option, a multiple its positive ones', () => {
    expect(rightOptionIdsOf(single, ids)).toEqual(['a']);
    expect(rightOptionIdsOf(multiple, ids)).toEqual(['a', 'b']);
  });
});

describe('question bounds', () => {
  it('when a single choice has no full-mark option or multiple weights do not add to 100, then it is refused', () => {
    const noRight = questionInputSchema.safeParse({
      type: 'single',
      texts: texts('?'),
      options: [
        { texts: texts('a'), weight: 50 },
        { texts: texts('b'), weight: 0 },
      ],
    });
    expect(noRight.error?.issues[0]?.message).toBe('one_right_answer');
    const short = questionInputSchema.safeParse({
      type: 'multiple',
      texts: texts('?'),
      options: [
        { texts: texts('a'), weight: 40 },
        { texts: texts('b'), weight: 40 },
      ],
    });
    expect(short.error?.issues[0]?.message).toBe('weights_sum');
  });

  it('when a question has 10,000 options, then the count is refused before any option is read', () => {
    const options = Array.from({ length: 10_000 }, () => ({}));
    const result = questionInputSchema.safeParse({ type: 'single', texts: texts('?'), options });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['options'], message: 'options_count' })]);
  });
});
