import { AppError, notFound } from '@portal/kit/errors';
import type { CategoriesRepository } from '../data-access/categories-repository.ts';

const nameTaken = () => new AppError(409, 'category_name_taken', 'A category with this name exists already');

export function categories(repository: CategoriesRepository) {
  return {
    list: () => repository.list(),

    listWithUsage: () => repository.listWithUsage(),

    async get(id: string) {
      const category = await repository.findById(id);
      if (!category) throw notFound('Category not found');
      return category;
    },

    async create(name: string) {
      const created = await repository.insert(name);
      if (!created) throw nameTaken();
      return created;
    },

    /** Renaming keeps the id; another category's name (in any letter case) is refused. */
    async rename(id: string, name: string) {
      const clash = await repository.findByName(name);
      if (clash && clash.id !== id) throw nameTaken();
      const renamed = await repository.rename(id, name);
      if (!renamed) throw notFound('Category not found');
      return renamed;
    },

    async delete(id: string) {
      if (!(await repository.findById(id))) throw notFound('Category not found');
      // Checked first for the common case; a course linked meanwhile is caught by the delete itself.
      const outcome = (await repository.isInUse(id)) ? 'in_use' : await repository.delete(id);
      if (outcome === 'in_use') throw new AppError(400, 'category_in_use', 'The category is still used by courses');
      if (outcome === 'missing') throw notFound('Category not found');
    },
  };
}
export type Categories = ReturnType<typeof categories>;
