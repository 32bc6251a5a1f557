import { api } from '@portal/contracts/api-client';
import type { MyAssignment } from '@portal/contracts/training';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';
import { byUrgency } from '../lib/assignment-label.ts';

/** The reader's assigned courses, the most urgent first: asked once for the dashboard and every course page. */
export function useMyAssignments() {
  return useQuery({
    queryKey: queryKeys.assignments,
    queryFn: ({ signal }) => api.myAssignments({}, { signal }),
    select: (assignments: MyAssignment[]) => [...assignments].sort(byUrgency),
  });
}
