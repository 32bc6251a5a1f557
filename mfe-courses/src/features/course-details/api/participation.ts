import { api } from '@portal/contracts/api-client';
import type { Course, MyParticipation } from '@portal/contracts/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/**
 * Start and Mark as completed: the page shows the new state at once (the reader's participations and the number
 * of participants) and tells the server, whose answer then stands; if the server refuses, the old state comes
 * back and `onFailure` is told. The lists are asked again when next shown.
 */
export function useParticipation(
  course: Course,
  participation: MyParticipation | undefined,
  onFailure: (error: unknown, starting: boolean) => void,
) {
  const client = useQueryClient();
  const started = participation !== undefined && participation.completedAt === null;

  const setMine = (change: (list: MyParticipation[]) => MyParticipation[]) =>
    client.setQueryData<MyParticipation[]>(queryKeys.participations, (list = []) => change(list));
  const replace = (changed: MyParticipation) => (list: MyParticipation[]) => [
    changed,
    ...list.filter((item) => item.courseId !== changed.courseId),
  ];
  const shiftCount = (by: number) =>
    client.setQueriesData<Course>(
      { queryKey: queryKeys.course(course.id) },
      (current) => current && { ...current, participantCount: Math.max(0, current.participantCount + by) },
    );

  const mutation = useMutation({
    mutationFn: (starting: boolean) =>
      starting
        ? api.startCourse({ query: { courseId: course.id } })
        : api.completeCourse({ query: { courseId: course.id } }),
    onMutate: async (starting) => {
      await client.cancelQueries({ queryKey: queryKeys.participations });
      const before = client.getQueryData<MyParticipation[]>(queryKeys.participations);
      // Completing before the server answers: not started, and no date until the server gives it.
      setMine((list) =>
        starting
          ? replace({ courseId: course.id, startedAt: new Date().toISOString(), completedAt: null })(list)
          : list.filter((item) => item.courseId !== course.id),
      );
      shiftCount(starting ? 1 : -1);
      return { before };
    },
    onSuccess: ({ courseId, startedAt, completedAt }) => {
      setMine(replace({ courseId, startedAt, completedAt }));
      void client.invalidateQueries({ queryKey: queryKeys.courses, refetchType: 'none' });
    },
    onError: (error, starting, context) => {
      client.setQueryData(queryKeys.participations, context?.before);
      shiftCount(starting ? -1 : 1);
      onFailure(error, starting);
    },
  });

  return {
    started,
    /** When the reader last completed the course, while they are not taking it again. */
    completedAt: started ? null : (participation?.completedAt ?? null),
    pending: mutation.isPending,
    toggle: () =>
      mutation.mutateAsync(!started).then(
        () => undefined,
        () => undefined,
      ),
  };
}
