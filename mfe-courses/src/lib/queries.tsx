import { api } from '@portal/contracts/api-client';
import type { MyParticipation } from '@portal/contracts/courses';
import { createSliceQueryClient, inQueryCache } from '@portal/web-kit/queries';
import { useQuery } from '@tanstack/react-query';

/** The slice's one query cache: the dashboard, a course and back show what was loaded at once while it is asked again. */
export const queryClient = createSliceQueryClient();

/** What each query is cached under: a prefix invalidates every query below it. */
export const queryKeys = {
  courses: ['courses'] as const,
  course: (courseId: string) => ['course', courseId] as const,
  files: (courseId: string) => ['files', courseId] as const,
  lessons: (courseId: string) => ['lessons', courseId] as const,
  quiz: (lessonId: string) => ['quiz', lessonId] as const,
  myAttempts: (lessonId: string) => ['quiz', lessonId, 'attempts', 'mine'] as const,
  attempt: (attemptId: string) => ['attempt', attemptId] as const,
  categories: ['categories'] as const,
  participations: ['participations', 'mine'] as const,
  assignments: ['assignments', 'mine'] as const,
  result: (courseId: string) => ['result', 'mine', courseId] as const,
};

/** Each page the slice exposes, inside the slice's query cache. */
export const withQueries = inQueryCache(queryClient);

/**
 * The reader's participations by course, asked once for every card and course page (lists and course bodies are
 * the same for everyone); `pending` until they arrive. If they fail, no course shows as started.
 */
export function useMyParticipations(): { byCourse: Map<string, MyParticipation>; pending: boolean } {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.participations,
    queryFn: ({ signal }) => api.myParticipations({}, { signal }),
    select: (participations) => new Map(participations.map((participation) => [participation.courseId, participation])),
  });
  return { byCourse: data ?? new Map(), pending: isPending };
}
