import { api } from '@portal/contracts/api-client';
import {
  listCourseResultsCall,
  type ResultStatus,
  type ReviewDecision,
  reviewCourseResultCall,
} from '@portal/contracts/course-results';
import { currentLanguage } from '@portal/web-kit/i18n';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.ts';

export const REVIEW_PAGE_SIZE = 20;

/** A page of uploaded results by status, oldest first, course titles in the reviewer's language. */
export function useResults(status: ResultStatus, page: number) {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.results, status, page, language],
    queryFn: ({ signal }) =>
      api.send(
        listCourseResultsCall,
        { query: { status, limit: REVIEW_PAGE_SIZE, offset: (page - 1) * REVIEW_PAGE_SIZE, lang: language } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * How many results wait for a decision: the list's total (X-Total-Count) of a one-item page, the cheapest call that
 * knows it; `undefined` until it is there or when it failed (the hub then shows no number).
 */
export function usePendingResultCount(): number | undefined {
  const { data } = useQuery({
    queryKey: [...queryKeys.results, 'pending', 'count'],
    queryFn: ({ signal }) =>
      api.send(listCourseResultsCall, { query: { status: 'pending', limit: 1, offset: 0 } }, { signal }),
    select: (found) => found.total,
  });
  return data;
}

/** Approves or rejects one result; every page of the list is asked again afterwards. */
export function useReview(onDone: (decision: ReviewDecision['decision']) => void, onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) =>
      api.send(reviewCourseResultCall, { params: { id }, body: decision }),
    onSuccess: async (_result, { decision }) => {
      await client.invalidateQueries({ queryKey: queryKeys.results });
      onDone(decision.decision);
    },
    onError: onFailure,
  });
}
