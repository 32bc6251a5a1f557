import { api } from '@portal/contracts/api-client';
import type { MyAssignment } from '@portal/contracts/training';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';
import { byUrgency } from '../lib/assignment-label.ts';

/**
 * The reader's assigned courses, the most urgent first, titled in the interface's language (asked again when it
 * changes): asked once for the dashboard and every course page.
 */
export function useMyAssignments() {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.assignments, language],
    queryFn: ({ signal }) => api.myAssignments({ query: { lang: language } }, { signal }),
    select: (assignments: MyAssignment[]) => [...assignments].sort(byUrgency),
  });
}
