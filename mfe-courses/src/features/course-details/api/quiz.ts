import { api, createCallTableClient } from '@portal/contracts/api-client';
import { QUIZ_CALLS } from '@portal/contracts/quiz-calls';
import type { AttemptAnswer } from '@portal/contracts/quizzes';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/** The quiz calls, sent through the shared client (an ended session asks to sign in again, then resends). */
const quizzes = createCallTableClient(QUIZ_CALLS, api);

/** The quiz lesson's settings the learner is told before starting. */
export function useQuizSettings(lessonId: string) {
  return useQuery({
    queryKey: queryKeys.quiz(lessonId),
    queryFn: ({ signal }) => quizzes.getQuizSettings({ params: { id: lessonId } }, { signal }),
  });
}

/** The learner's attempts at the quiz, with the attempts left and when the next may start. */
export function useMyAttempts(lessonId: string) {
  return useQuery({
    queryKey: queryKeys.myAttempts(lessonId),
    queryFn: ({ signal }) => quizzes.myAttempts({ params: { id: lessonId } }, { signal }),
  });
}

/** One attempt: its questions and saved answers while open, its score and feedback once submitted. */
export function useAttempt(attemptId: string | undefined) {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.attempt(attemptId ?? ''), language],
    queryFn: ({ signal }) => quizzes.getAttempt({ params: { id: attemptId ?? '' } }, { signal }),
    enabled: attemptId !== undefined,
    // The answers being given are this page's: asking again on focus would show another tab's state instead.
    refetchOnWindowFocus: false,
  });
}

/** Starts an attempt (or gets back the open one); the attempts' list is asked again. */
export function useStartAttempt(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => quizzes.startAttempt({ params: { id: lessonId } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.myAttempts(lessonId) }),
  });
}

/** Submits an attempt; the attempts, the outline and the course's completion may have changed with it. */
export function useSubmitAttempt(lessonId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) => quizzes.submitAttempt({ params: { id: attemptId } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.myAttempts(lessonId) }),
        client.invalidateQueries({ queryKey: queryKeys.lessons(courseId) }),
        client.invalidateQueries({ queryKey: queryKeys.participations }),
      ]),
  });
}

/** Saves answers given so far to an open attempt (each replaces the question's earlier answer). */
export function saveAnswers(attemptId: string, answers: AttemptAnswer[]) {
  return api.send(QUIZ_CALLS.saveAnswers, { params: { id: attemptId }, body: { answers } });
}
