import { ApiError } from '@portal/contracts/errors';
import { createSliceQueryClient, inQueryCache } from '@portal/web-kit/queries';

/** The slice's one query cache, with the portal's retry policy (web-kit/queries). */
export const queryClient = createSliceQueryClient();

/** What each query is cached under: a prefix invalidates every query below it. */
export const queryKeys = {
  lessons: (courseId: string) => ['lessons', courseId] as const,
  courseFiles: (courseId: string) => ['course-files', courseId] as const,
  quizSettings: (lessonId: string) => ['quiz-settings', lessonId] as const,
  questions: (courseId: string) => ['questions', courseId] as const,
};

/** Each authoring page the slice exposes, inside the slice's query cache (the shell knows nothing of it). */
export const withQueries = inQueryCache(queryClient);

/**
 * For the quizzes service's reads: it learns of a new course or quiz lesson from an event a moment after it was
 * saved, and answers 404 until then, so a 404 is asked again for a few seconds before the page says it failed.
 */
export const untilQuizzesKnowIt = {
  retry: (failures: number, error: Error) => error instanceof ApiError && error.status === 404 && failures < 8,
  retryDelay: 750,
};
