import { api } from '@portal/contracts/api-client';
import type { Category } from '@portal/contracts/courses';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

/** The categories to filter by. Without them the filter offers "all categories" only (the failure is logged). */
export function useCategoryOptions(): Category[] {
  const load = useCallback(
    (signal: AbortSignal) =>
      api.listCategories(signal).catch((error: unknown) => {
        if (!signal.aborted) console.error('Could not load the categories for the filter', error);
        return [];
      }),
    [],
  );
  const { state } = useRequest(load);
  return state.status === 'success' ? state.data : [];
}
