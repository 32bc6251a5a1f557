import { type CategoryInput, categoryInputSchema, type CategoryNames } from '@portal/contracts/courses';
import { isLanguage, type Language, LANGUAGES } from '@portal/contracts/languages';

/** What the names form holds: a name per language (empty: none) and the default language. */
export interface NamesValue {
  names: Readonly<Record<Language, string>>;
  defaultLanguage: Language;
}

export function namesValue(names: CategoryNames, defaultLanguage: Language): NamesValue {
  const all = Object.fromEntries(LANGUAGES.map((language) => [language, names[language] ?? ''])) as Record<
    Language,
    string
  >;
  return { names: all, defaultLanguage };
}

/** A category's input with its names in every language written (the form always sends them). */
export type NamedCategoryInput = CategoryInput & { names: CategoryNames };

export type NamesCheck =
  | { ok: true; input: NamedCategoryInput }
  /** The rule code each language's name breaks. */
  | { ok: false; issues: Partial<Record<Language, string>> };

/** The contracts' rule: the default language's name required, every name 1-60 characters; empty ones left out. */
export function checkNames({ names, defaultLanguage }: NamesValue): NamesCheck {
  const written = Object.fromEntries(
    LANGUAGES.filter((language) => names[language].trim() !== '').map((language) => [language, names[language]]),
  );
  const parsed = categoryInputSchema.safeParse({ names: written, defaultLanguage });
  if (parsed.success && parsed.data.names) return { ok: true, input: { ...parsed.data, names: parsed.data.names } };
  const issues: Partial<Record<Language, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const language = issue.path[1];
    if (isLanguage(language)) issues[language] ??= issue.message;
  }
  return { ok: false, issues };
}

/** Whether two sets of names say the same. */
export function sameNames(a: CategoryNames, b: CategoryNames): boolean {
  return LANGUAGES.every((language) => (a[language] ?? '') === (b[language] ?? ''));
}
