import { api, createCallTableClient } from '@portal/contracts/api-client';
import { QUIZ_CALLS } from '@portal/contracts/quiz-calls';
import type { QuestionInput } from '@portal/contracts/quizzes';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, untilQuizzesKnowIt } from '../../../lib/queries.ts';

/** The quizzes service's calls, sent through the shared client like every other call. */
const quizzes = createCallTableClient(QUIZ_CALLS, api);

export function useQuestions(courseId: string) {
  return useQuery({
    queryKey: queryKeys.questions(courseId),
    queryFn: ({ signal }) => quizzes.listQuestions({ params: { id: courseId }, query: {} }, { signal }),
    ...untilQuizzesKnowIt,
  });
}

/** Creates a question (no id) or saves one (a new version once learners took it); the list is asked again after. */
export function useSaveQuestion(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string | null; input: QuestionInput }) =>
      questionId === null
        ? quizzes.createQuestion({ params: { id: courseId }, body: input })
        : quizzes.updateQuestion({ params: { id: questionId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.questions(courseId) }),
  });
}

export function useDeleteQuestion(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => api.send(QUIZ_CALLS.deleteQuestion, { params: { id: questionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.questions(courseId) }),
  });
}

/** A CSV file is one from a spreadsheet; any other is read as GIFT (Moodle's text format). */
const formatOf = (file: File) => (/\.csv$/i.test(file.name) ? 'csv' : 'gift');

/**
 * Sends a GIFT or CSV file: a dry run answers what it would store and each line's error; a real one stores it all or
 * nothing.
 */
export function useImportQuestions(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const format = formatOf(file);
      return api.sendText(
        QUIZ_CALLS.importQuestions,
        { params: { id: courseId }, query: { format, dryRun: dryRun ? 'true' : 'false' } },
        // the type the service reads, whatever the browser guessed from the name (.gift is none it knows)
        new Blob([file], { type: format === 'csv' ? 'text/csv' : 'text/plain' }),
      );
    },
    onSuccess: (_result, { dryRun }) => {
      if (!dryRun) void client.invalidateQueries({ queryKey: queryKeys.questions(courseId) });
    },
  });
}

/** Where the browser downloads the bank as a GIFT file, in the reader's language. */
export const giftExportHref = (courseId: string) =>
  quizzes.href('listQuestions', { params: { id: courseId }, query: { format: 'gift', lang: currentLanguage() } });
