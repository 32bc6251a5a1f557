import { api } from '@portal/contracts/api-client';
import type { Category } from '@portal/contracts/courses';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

/** Names in the reader's alphabetical order. */
export function sortCategories(categories: Category[]): Category[] {
  const collator = new Intl.Collator(currentLanguage(), { sensitivity: 'base' });
  return [...categories].sort((a, b) => collator.compare(a.name, b.name));
}

/** Every category, to manage them. */
export function useCategories() {
  const load = useCallback(async (signal: AbortSignal) => sortCategories(await api.listCategories(signal)), []);
  return useRequest(load);
}
