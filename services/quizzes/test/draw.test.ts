import { describe, expect, it } from '@jest/globals';
import { type Candidate, drawQuestions, seededRandom, shuffled } from '../src/domain/draw.ts';

const bank: Candidate[] = Array.from({ length: 30 }, (_, index) => ({
  questionId: `q${String(index).padStart(2, '0')}`,
  tags: [index % 3 === 0 ? 'fire' : 'water', ...(index % 5 === 0 ? ['first-aid'] : [])],
}));

describe('the seeded draw', () => {
  it('when the same seed draws again, then the same questions come in the same order', () => {
    const draw = { mode: 'random', count: 10 } as const;
    const first = drawQuestions(bank, draw, seededRandom(42));
    expect(drawQuestions(bank, draw, seededRandom(42))).toEqual(first);
    expect(first).toHaveLength(10);
    expect(new Set(first).size).toBe(10);
  });

  it('when seeds differ, then the draws differ', () => {
    const draw = { mode: 'random', count: 10 } as const;
    const draws = new Set([1, 2, 3, 4, 5].map((seed) => drawQuestions(bank, draw, seededRandom(seed)).join()));
    expect(draws.size).toBe(5);
  });

  it('when all are drawn, then every question comes in the bank’s order', () => {
    expect(drawQuestions(bank, { mode: 'all' }, seededRandom(7))).toEqual(bank.map((q) => q.questionId));
  });

  it('when N per tag are drawn, then each tag gives N distinct questions of it', () => {
    const drawn = drawQuestions(
      bank,
      {
        mode: 'per_tag',
        tags: [
          { tag: 'fire', count: 3 },
          { tag: 'first-aid', count: 2 },
        ],
      },
      seededRandom(9),
    );
    expect(drawn).toHaveLength(5);
    expect(new Set(drawn).size).toBe(5);
    const tagsOf = (id: string) => bank.find((q) => q.questionId === id)!.tags;
    expect(drawn.slice(0, 3).every((id) => tagsOf(id).includes('fire'))).toBe(true);
    expect(drawn.slice(3).every((id) => tagsOf(id).includes('first-aid'))).toBe(true);
  });

  it('when a shuffle is seeded, then it is a permutation that repeats with its seed', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const once = shuffled(items, seededRandom(3));
    expect([...once].sort()).toEqual(items);
    expect(shuffled(items, seededRandom(3))).toEqual(once);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
