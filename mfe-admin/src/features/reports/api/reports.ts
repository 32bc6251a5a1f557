import type { CompletionReportParams } from '@portal/contracts/training';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { training } from '../../../lib/training-api.ts';

/** One page of the course × people report; the page shown stays while the next one is on its way. */
export function useCompletionReport(query: CompletionReportParams, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: ['reports', 'completions', query, page],
    queryFn: ({ signal }) => training.completionReport({ query: { ...query, ...page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Per group and course, how many of those assigned completed in time. */
export function useComplianceReport(courseId: string, groupId: string, includeLeavers: boolean) {
  return useQuery({
    queryKey: ['reports', 'compliance', courseId, groupId, includeLeavers],
    queryFn: ({ signal }) =>
      training.complianceReport(
        {
          query: {
            courseId: courseId || undefined,
            groupId: groupId || undefined,
            includeLeavers: includeLeavers ? 'true' : undefined,
          },
        },
        { signal },
      ),
  });
}
