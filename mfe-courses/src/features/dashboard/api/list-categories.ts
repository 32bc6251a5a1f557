import { api } from '@portal/contracts/api-client';
import { currentLanguage } from '@portal/web-kit/i18n';
import type { Category } from '@portal/contracts/courses';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/**
 * The categories to filter by, named in the reader's language. Without them the filter offers "all categories"
 * only (the failure is logged).
 */
export function useCategoryOptions(): Category[] {
  const language = currentLanguage();
  const { data } = useQuery({
    queryKey: [...queryKeys.categories, 'names', language],
    queryFn: ({ signal }) =>
      api.listCategories({ query: { lang: language } }, { signal }).catch((error: unknown) => {
        if (!signal.aborted) console.error('Could not load the categories for the filter', error);
        return [];
      }),
  });
  return data ?? [];
}
