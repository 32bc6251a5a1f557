import type { QuizSettings } from '@portal/contracts/quizzes';

/** A small seeded generator (mulberry32): the same seed gives the same sequence, so a draw can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fisher–Yates with the given generator; the input is not changed. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

export interface Candidate {
  questionId: string;
  tags: readonly string[];
}

/**
 * The questions an attempt shows, from the bank's candidates: all, N at random, or N of each tag (a question is
 * drawn once even when it has several of the tags). Given the candidates in the bank's order, the seed alone decides.
 */
export function drawQuestions(candidates: readonly Candidate[], draw: QuizSettings['draw'], random: () => number) {
  if (draw.mode === 'all') return candidates.map((candidate) => candidate.questionId);
  if (draw.mode === 'random')
    return shuffled(candidates, random)
      .slice(0, draw.count)
      .map((candidate) => candidate.questionId);
  const drawn = new Set<string>();
  for (const { tag, count } of draw.tags) {
    const fresh = candidates.filter((candidate) => candidate.tags.includes(tag) && !drawn.has(candidate.questionId));
    for (const candidate of shuffled(fresh, random).slice(0, count)) drawn.add(candidate.questionId);
  }
  return [...drawn];
}
