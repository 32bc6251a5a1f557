import { api, createCallTableClient } from '@portal/contracts/api-client';
import { LESSON_CALLS, type LessonInput, type LessonOutline } from '@portal/contracts/lessons';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.ts';

/** The lessons' calls, sent through the shared client like every other call. */
const lessons = createCallTableClient(LESSON_CALLS, api);

/** The course's outline in the reader's language, with every language's texts (administrators get them). */
export function useLessonOutline(courseId: string) {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.lessons(courseId), language],
    queryFn: ({ signal }) => lessons.courseLessons({ params: { id: courseId }, query: { lang: language } }, { signal }),
  });
}

/** The course itself (its title for the heading, its files for file and video lessons). */
export function useCourse(courseId: string) {
  return useQuery({
    queryKey: queryKeys.courseFiles(courseId),
    queryFn: ({ signal }) =>
      api.getCourse({ params: { id: courseId }, query: { lang: currentLanguage() } }, { signal }),
  });
}

/** Creates a lesson (no id) or updates one; the outline is asked again after. */
export function useSaveLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string | null; input: LessonInput }) =>
      lessonId === null
        ? lessons.createLesson({ params: { id: courseId }, query: { lang: currentLanguage() }, body: input })
        : lessons.updateLesson({ params: { id: lessonId }, query: { lang: currentLanguage() }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.lessons(courseId) }),
  });
}

export function useDeleteLesson(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => api.send(LESSON_CALLS.deleteLesson, { params: { id: lessonId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.lessons(courseId) }),
  });
}

/**
 * Saves a new order: the outline shows it at once and takes the server's answer; a refused order puts the old one
 * back.
 */
export function useOrderLessons(courseId: string) {
  const client = useQueryClient();
  const key = [...queryKeys.lessons(courseId), currentLanguage()];
  return useMutation({
    mutationFn: (lessonIds: string[]) =>
      lessons.orderLessons({ params: { id: courseId }, query: { lang: currentLanguage() }, body: { lessonIds } }),
    onMutate: (lessonIds) => {
      const before = client.getQueryData<LessonOutline>(key);
      if (before) {
        const byId = new Map(before.lessons.map((lesson) => [lesson.id, lesson]));
        const ordered = lessonIds.flatMap((id) => byId.get(id) ?? []);
        client.setQueryData<LessonOutline>(key, { ...before, lessons: ordered });
      }
      return { before };
    },
    onSuccess: (outline) => client.setQueryData(key, outline),
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
  });
}
