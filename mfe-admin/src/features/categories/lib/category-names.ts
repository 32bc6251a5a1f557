import { categoryInputSchema, type CategoryNames } from '@portal/contracts/courses';
import { type Language, LANGUAGES, languageSchema } from '@portal/contracts/languages';
import { z } from 'zod/mini';

/** What the names form holds: a name per language (empty: none) and the default language. */
const namesValueSchema = z.object({
  names: z.record(languageSchema, z.string()),
  defaultLanguage: languageSchema,
});
export type NamesValue = z.infer<typeof namesValueSchema>;

export function namesValue(names: CategoryNames, defaultLanguage: Language): NamesValue {
  const all = Object.fromEntries(LANGUAGES.map((language) => [language, names[language] ?? ''])) as Record<
    Language,
    string
  >;
  return { names: all, defaultLanguage };
}

/** A category's input with its names in every language written and its default language (the form sends both). */
export interface NamedCategoryInput {
  names: CategoryNames;
  defaultLanguage: Language;
}

/**
 * The names form checked with the contracts' rule: the default language's name required, every name 1-60
 * characters; empty ones left out. A problem is the rule's code under `names.<language>`.
 */
export const namesFormSchema = z.pipe(
  z.pipe(
    namesValueSchema,
    z.transform(({ names, defaultLanguage }): z.input<typeof categoryInputSchema> => ({
      names: Object.fromEntries(
        LANGUAGES.filter((language) => names[language].trim() !== '').map((language) => [language, names[language]]),
      ) as CategoryNames,
      defaultLanguage,
    })),
  ),
  z.pipe(
    categoryInputSchema,
    z.transform(({ names, defaultLanguage }): NamedCategoryInput => ({
      names: names ?? {},
      // The form always has one: the value's schema requires it.
      defaultLanguage: defaultLanguage ?? LANGUAGES[0],
    })),
  ),
);

/** Whether two sets of names say the same. */
export function sameNames(a: CategoryNames, b: CategoryNames): boolean {
  return LANGUAGES.every((language) => (a[language] ?? '') === (b[language] ?? ''));
}
