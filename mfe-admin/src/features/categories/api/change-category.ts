import { api } from '@portal/contracts/api-client';
import { useMutation } from '@tanstack/react-query';
import type { NamedCategoryInput } from '../lib/category-names.ts';

/** Creates a category from its names (system administrators only). */
export function useCreateCategory() {
  return useMutation({ mutationFn: (input: NamedCategoryInput) => api.createCategory({ body: input }) });
}

/** Renames a category in every language. */
export function useRenameCategory(id: string) {
  return useMutation({
    mutationFn: (input: NamedCategoryInput) => api.renameCategory({ query: { id }, body: input }),
  });
}
