import { api } from '@portal/contracts/api-client';
import type { Course } from '@portal/contracts/courses';
import { useState } from 'react';

/**
 * Start and Mark as completed: the page shows the new state at once and tells the server; if the server
 * refuses, the old state comes back and `onFailure` is told. Completing brings the completion date from the
 * server.
 */
export function useParticipation(
  course: Course,
  update: (change: (course: Course) => Course) => void,
  onFailure: (error: unknown, starting: boolean) => void,
) {
  const [pending, setPending] = useState(false);

  const toggle = async () => {
    if (pending) return;
    const starting = !course.isParticipant;
    const shift = (started: boolean) => (current: Course) => ({
      ...current,
      isParticipant: started,
      participantCount: Math.max(0, current.participantCount + (started ? 1 : -1)),
    });
    setPending(true);
    update(shift(starting));
    try {
      const participation = starting
        ? await api.startCourse({ query: { courseId: course.id } })
        : await api.completeCourse({ query: { courseId: course.id } });
      update((current) => ({ ...current, completedAt: participation.completedAt ?? current.completedAt }));
    } catch (error) {
      update(shift(!starting));
      onFailure(error, starting);
    } finally {
      setPending(false);
    }
  };

  return { pending, toggle };
}
