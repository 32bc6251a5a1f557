import type { Category, CategoryInput } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import { AppError, notFound } from '@portal/kit/errors';
import type { CategoriesRepository, CategoryNaming } from '../data-access/categories-repository.ts';

const nameTaken = () =>
  new AppError(409, 'category_name_taken', 'A category with this name exists already in this language');

/** The name shown in `language`: its own, else the default language's. */
const shown = (id: string, naming: CategoryNaming, language: Language): Category => ({
  id,
  name: naming.names[language] ?? naming.names[naming.defaultLanguage] ?? '',
});

/**
 * The names a write leaves: `{names, defaultLanguage}` replaces them all; the spec's `{name}` writes the default
 * language's name (the caller's language for a new category) and keeps the others.
 */
function namingOf(input: CategoryInput, current: CategoryNaming | undefined, callerLanguage: Language): CategoryNaming {
  const defaultLanguage = input.defaultLanguage ?? current?.defaultLanguage ?? callerLanguage;
  if (input.names) return { names: input.names, defaultLanguage };
  return { names: { ...current?.names, [defaultLanguage]: input.name }, defaultLanguage };
}

/** A change of a category on the audit trail: its names before and after, named by its default language's name. */
function categoryAudit(
  context: AuditContext,
  action: 'category.created' | 'category.renamed' | 'category.deleted',
  id: string,
  before: CategoryNaming | undefined,
  after: CategoryNaming | undefined,
): AuditDraft {
  const naming = after ?? before;
  return {
    ...context,
    action,
    object: { type: 'category', id, label: naming ? shown(id, naming, naming.defaultLanguage).name : id },
    outcome: 'success',
    changes: {
      names: { before: before?.names ?? null, after: after?.names ?? null },
      ...(before?.defaultLanguage !== after?.defaultLanguage
        ? { defaultLanguage: { before: before?.defaultLanguage ?? null, after: after?.defaultLanguage ?? null } }
        : {}),
    },
  };
}

export function categories(repository: CategoriesRepository) {
  return {
    list: (language: Language) => repository.list(language),

    listWithUsage: (language: Language) => repository.listWithUsage(language),

    async get(id: string, language: Language) {
      const category = await repository.findById(id, language);
      if (!category) throw notFound('Category not found');
      return category;
    },

    /** Names unique per language in any letter case; answers the category named in `language`. */
    async create(
      input: CategoryInput,
      callerLanguage: Language,
      language: Language,
      context: AuditContext,
    ): Promise<Category> {
      const naming = namingOf(input, undefined, callerLanguage);
      const id = await repository.insert(naming, (newId) =>
        categoryAudit(context, 'category.created', newId, undefined, naming),
      );
      if (id === 'name_taken') throw nameTaken();
      return shown(id, naming, language);
    },

    /** Renaming keeps the id; another category's name in the same language (in any letter case) is refused. */
    async rename(id: string, input: CategoryInput, language: Language, context: AuditContext): Promise<Category> {
      const current = await repository.namingOf(id);
      if (!current) throw notFound('Category not found');
      const naming = namingOf(input, current, current.defaultLanguage);
      const outcome = await repository.rename(
        id,
        naming,
        categoryAudit(context, 'category.renamed', id, current, naming),
      );
      if (outcome === 'missing') throw notFound('Category not found');
      if (outcome === 'name_taken') throw nameTaken();
      return shown(id, naming, language);
    },

    async delete(id: string, context: AuditContext) {
      const current = await repository.namingOf(id);
      if (!current) throw notFound('Category not found');
      // Checked first for the common case; a course linked meanwhile is caught by the delete itself.
      const outcome = (await repository.isInUse(id))
        ? 'in_use'
        : await repository.delete(id, categoryAudit(context, 'category.deleted', id, current, undefined));
      if (outcome === 'in_use') throw new AppError(400, 'category_in_use', 'The category is still used by courses');
      if (outcome === 'missing') throw notFound('Category not found');
    },
  };
}
export type Categories = ReturnType<typeof categories>;
