import { api } from '@portal/contracts/api-client';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

/** Names in the reader's alphabetical order. */
export function sortCategories<T extends Category>(categories: T[]): T[] {
  const collator = new Intl.Collator(currentLanguage(), { sensitivity: 'base' });
  return [...categories].sort((a, b) => collator.compare(a.name, b.name));
}

/** Every category with its name in each language and how many courses use it, to manage them. */
export function useCategories() {
  const language = currentLanguage();
  const load = useCallback(
    async (signal: AbortSignal): Promise<CategoryUsage[]> =>
      sortCategories(await api.listCategoryUsage({ query: { lang: language } }, { signal })),
    [language],
  );
  return useRequest(load);
}
