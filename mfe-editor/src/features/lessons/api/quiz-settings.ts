import { api, createCallTableClient } from '@portal/contracts/api-client';
import { QUIZ_CALLS } from '@portal/contracts/quiz-calls';
import type { QuizSettings } from '@portal/contracts/quizzes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, untilQuizzesKnowIt } from '../../../lib/queries.ts';

/** The quizzes service's calls, sent through the shared client like every other call. */
const quizzes = createCallTableClient(QUIZ_CALLS, api);

/** A quiz lesson's settings (the service's defaults until they are saved). */
export function useQuizSettings(lessonId: string) {
  return useQuery({
    queryKey: queryKeys.quizSettings(lessonId),
    queryFn: ({ signal }) => quizzes.getQuizSettings({ params: { id: lessonId } }, { signal }),
    ...untilQuizzesKnowIt,
  });
}

export function useSaveQuizSettings(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: QuizSettings) => quizzes.saveQuizSettings({ params: { id: lessonId }, body: settings }),
    onSuccess: (saved) => client.setQueryData(queryKeys.quizSettings(lessonId), saved),
  });
}
