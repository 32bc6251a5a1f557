import { createSliceQueryClient, inQueryCache } from '@portal/web-kit/queries';

/** The slice's one query cache, with the portal's retry policy (web-kit/queries). */
export const queryClient = createSliceQueryClient();

/** What each query is cached under: a prefix invalidates every query below it. */
export const queryKeys = {
  courseAssignments: (courseId: string) => ['assignments', 'course', courseId] as const,
  results: ['results'] as const,
  categories: ['categories'] as const,
  quizReport: (lessonId: string) => ['quiz-report', lessonId] as const,
};

/** Each page the slice exposes, inside the slice's query cache (the shell knows nothing of it). */
export const withQueries = inQueryCache(queryClient);
