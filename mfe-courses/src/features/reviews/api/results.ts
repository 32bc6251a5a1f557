import { api } from '@portal/contracts/api-client';
import {
  listCourseResultsCall,
  type ResultStatus,
  type ReviewDecision,
  reviewCourseResultCall,
} from '@portal/contracts/course-results';
import { currentLanguage } from '@portal/web-kit/i18n';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

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
