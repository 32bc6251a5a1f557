import type { QuestionInput } from '@portal/contracts/quizzes';

/** An answer as saved: chosen option ids, a text or an order of item ids. */
export interface GivenAnswer {
  optionIds?: string[] | undefined;
  text?: string | undefined;
  order?: string[] | undefined;
}

/** Case, accents and spacing do not count in a short answer: "Zürich " matches "zurich". */
export function normalizeAnswer(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

const clampShare = (percent: number) => Math.min(1, Math.max(0, percent / 100));

/**
 * The share of a question's mark (0 to 1) an answer earns. `optionIds` are the question version's option (or item)
 * ids in the order written. single: the chosen option's weight; multiple: the chosen options' weights added (partial
 * credit, wrong choices cost, never below 0); true_false: right or not; short_answer: the best matching accepted
 * answer's weight; ordering: the share of items in their right place.
 */
export function scoreAnswer(question: QuestionInput, optionIds: readonly string[], answer: GivenAnswer | undefined) {
  switch (question.type) {
    case 'single': {
      const chosen = answer?.optionIds ?? [];
      if (chosen.length !== 1) return 0;
      const index = optionIds.indexOf(chosen[0] ?? '');
      return index < 0 ? 0 : clampShare(question.options[index]?.weight ?? 0);
    }
    case 'multiple': {
      const chosen = new Set(answer?.optionIds ?? []);
      const total = question.options.reduce(
        (sum, option, index) => (chosen.has(optionIds[index] ?? '') ? sum + option.weight : sum),
        0,
      );
      return clampShare(total);
    }
    case 'true_false': {
      const chosen = answer?.optionIds ?? [];
      return chosen.length === 1 && chosen[0] === String(question.answer) ? 1 : 0;
    }
    case 'short_answer': {
      if (answer?.text === undefined) return 0;
      const given = normalizeAnswer(answer.text);
      return question.answers.reduce(
        (best, accepted) =>
          normalizeAnswer(accepted.text) === given ? Math.max(best, clampShare(accepted.weight)) : best,
        0,
      );
    }
    case 'ordering': {
      const order = answer?.order ?? [];
      const isPermutation = order.length === optionIds.length && new Set(order).size === order.length;
      if (!isPermutation) return 0;
      return optionIds.filter((id, index) => order[index] === id).length / optionIds.length;
    }
  }
}

/** The attempt's score in percent, two decimals: the mean of its questions' shares. */
export function scorePercentOf(shares: readonly number[]): number {
  if (shares.length === 0) return 0;
  const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
  return Math.round(mean * 10_000) / 100;
}

/** The ids of the right answer(s), for the feedback that shows them. */
export function rightOptionIdsOf(question: QuestionInput, optionIds: readonly string[]): string[] {
  switch (question.type) {
    case 'single':
    case 'multiple':
      return optionIds.filter((_, index) => {
        const weight = question.options[index]?.weight ?? 0;
        return question.type === 'single' ? weight === 100 : weight > 0;
      });
    case 'true_false':
      return [String(question.answer)];
    case 'ordering':
      return [...optionIds];
    case 'short_answer':
      return [];
  }
}
