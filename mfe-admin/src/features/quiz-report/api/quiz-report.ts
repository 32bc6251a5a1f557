import type { QuizGrantInput } from '@portal/contracts/quiz-report';
import { currentLanguage } from '@portal/web-kit/i18n';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.ts';
import { quizzes } from '../../../lib/quiz-api.ts';

export const FOLLOW_UP_PAGE_SIZE = 20;

/** The quiz's item analysis and one page of the people to follow up, texts in the reader's language. */
export function useQuizReport(lessonId: string, page: number) {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.quizReport(lessonId), page, language],
    queryFn: ({ signal }) =>
      quizzes.quizReport(
        {
          params: { id: lessonId },
          query: { limit: FOLLOW_UP_PAGE_SIZE, offset: (page - 1) * FOLLOW_UP_PAGE_SIZE },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Grants a learner an extra attempt or records a pass for them; the report is asked again afterwards. */
export function useGrant(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grant: QuizGrantInput) => quizzes.grantQuiz({ params: { id: lessonId }, body: grant }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quizReport(lessonId) }),
  });
}
