import type { AssignmentRequest } from '@portal/contracts/training';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.ts';
import { training } from '../../../lib/training-api.ts';
import { GROUP_NAMES_KEY } from '../../../lib/training-options.ts';

/**
 * Assigns a course; then its assignments load again, and so do the groups' names, for the list to name a group
 * made since the page opened.
 */
export function useCreateAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: AssignmentRequest) => training.createAssignment({ body: request }),
    onSuccess: (_, request) => {
      void client.invalidateQueries({ queryKey: queryKeys.courseAssignments(request.courseId) });
      void client.invalidateQueries({ queryKey: GROUP_NAMES_KEY });
    },
  });
}
