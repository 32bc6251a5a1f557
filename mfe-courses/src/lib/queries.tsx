import { api } from '@portal/contracts/api-client';
import type { MyParticipation } from '@portal/contracts/courses';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * One cache for the slice's pages: the dashboard, a course and back show what was loaded at once while it is
 * asked again (the server answers 304 to a list or course unchanged). A failed request is shown, not retried;
 * offline, a request is sent all the same, so that the page says the portal cannot be reached instead of waiting.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

/** What each query is cached under: a prefix invalidates every query below it. */
export const queryKeys = {
  courses: ['courses'] as const,
  course: (courseId: string) => ['course', courseId] as const,
  files: (courseId: string) => ['files', courseId] as const,
  lessons: (courseId: string) => ['lessons', courseId] as const,
  categories: ['categories'] as const,
  participations: ['participations', 'mine'] as const,
  assignments: ['assignments', 'mine'] as const,
  courseAssignments: (courseId: string) => ['assignments', 'course', courseId] as const,
  result: (courseId: string) => ['result', 'mine', courseId] as const,
  results: ['results'] as const,
};

/** Each page the slice exposes, inside the slice's query cache (the shell knows nothing of it). */
export function withQueries<Props extends object>(Page: ComponentType<Props>) {
  return function WithQueries(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}

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
