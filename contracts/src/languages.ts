import { z } from 'zod/mini';

export const LANGUAGES = ['en', 'fr', 'de', 'it', 'rm'] as const;
export const FALLBACK_LANGUAGE = 'en';

export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** Each language named in itself: the same in every interface language, so it is not a translation. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  rm: 'Rumantsch',
};

/** The set-language call takes the upper-case code (spec §3); the interface then uses the lower-case one. */
export const requestedLanguageSchema = z.pipe(
  z.enum(['EN', 'FR', 'DE', 'IT', 'RM']),
  z.transform((code) => code.toLowerCase() as Language),
);

/**
 * A value per language, each optional. Other keys are refused in one issue: a record would make an issue per
 * unknown key, and a body of thousands of keys would cost milliseconds.
 */
export function perLanguage<T extends z.core.SomeType>(value: T) {
  const shape = Object.fromEntries(LANGUAGES.map((language) => [language, z.optional(value)]));
  return z.strictObject(shape as Record<Language, z.ZodMiniOptional<T>>);
}

export function isLanguage(value: unknown): value is Language {
  return languageSchema.safeParse(value).success;
}
