import { api, createCallTableClient } from '@portal/contracts/api-client';
import { LESSON_CALLS, type LessonOutline } from '@portal/contracts/lessons';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/** The lessons' calls, sent through the shared client like every other call. */
const lessons = createCallTableClient(LESSON_CALLS, api);

/** The course's outline with the reader's marks, in the reader's language (asked again when it changes). */
export function useLessons(courseId: string) {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.lessons(courseId), language],
    queryFn: ({ signal }) => lessons.courseLessons({ params: { id: courseId }, query: { lang: language } }, { signal }),
  });
}

/**
 * Marks a lesson viewed: the outline shows the mark and the next lesson to continue with from the server's answer
 * (the server keeps them, so another device continues there too).
 */
export function useMarkViewed(courseId: string, onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => lessons.markLessonViewed({ params: { id: lessonId } }),
    onSuccess: ({ lessonId, viewedAt }) =>
      client.setQueriesData<LessonOutline>({ queryKey: queryKeys.lessons(courseId) }, (outline) => {
        if (!outline) return outline;
        const marked = outline.lessons.map((lesson) => (lesson.id === lessonId ? { ...lesson, viewedAt } : lesson));
        return { lessons: marked, continueWith: marked.find((lesson) => lesson.viewedAt === null)?.id ?? null };
      }),
    onError: onFailure,
  });
}
