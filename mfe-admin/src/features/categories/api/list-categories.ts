import { api } from '@portal/contracts/api-client';
import type { Category } from '@portal/contracts/courses';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.ts';

/** Names in the reader's alphabetical order. */
export function sortCategories<T extends Category>(categories: T[]): T[] {
  const collator = new Intl.Collator(currentLanguage(), { sensitivity: 'base' });
  return [...categories].sort((a, b) => collator.compare(a.name, b.name));
}

/** What the categories to manage are cached under, in the reader's language. */
export const categoryUsageKey = (language: string) => [...queryKeys.categories, 'usage', language] as const;

/** Every category with its name in each language and how many courses use it, to manage them. */
export function useCategories() {
  const language = currentLanguage();
  return useQuery({
    queryKey: categoryUsageKey(language),
    queryFn: async ({ signal }) =>
      sortCategories(await api.listCategoryUsage({ query: { lang: language } }, { signal })),
  });
}
