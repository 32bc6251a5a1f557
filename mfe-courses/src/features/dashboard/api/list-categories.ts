import { api } from '@portal/contracts/api-client';
import { currentLanguage } from '@portal/web-kit/i18n';
import type { Category } from '@portal/contracts/courses';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

/**
 * The categories to filter by, named in the reader's language. Without them the filter offers "all categories"
 * only (the failure is logged).
 */
export function useCategoryOptions(): Category[] {
  const language = currentLanguage();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.listCategories({ query: { lang: language } }, { signal }).catch((error: unknown) => {
        if (!signal.aborted) console.error('Could not load the categories for the filter', error);
        return [];
      }),
    [language],
  );
  const { state } = useRequest(load);
  return state.status === 'success' ? state.data : [];
}
