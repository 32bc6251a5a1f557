import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@portal/contracts/languages';
import i18next from 'i18next';

export const COURSES_NAMESPACE = 'courses';

type Translations = () => Promise<{ default: Record<string, unknown> }>;

/** One chunk per language: a page loads the texts of the language it shows, the others come when chosen. */
const TRANSLATIONS: Record<Language, Translations> = {
  en: () => import('../locales/en/courses.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr/courses.json', { with: { type: 'json' } }),
  de: () => import('../locales/de/courses.json', { with: { type: 'json' } }),
  it: () => import('../locales/it/courses.json', { with: { type: 'json' } }),
  rm: () => import('../locales/rm/courses.json', { with: { type: 'json' } }),
};

async function addTranslations(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, COURSES_NAMESPACE)) return;
  const { default: translations } = await TRANSLATIONS[language]();
  i18next.addResourceBundle(language, COURSES_NAMESPACE, translations, true, true);
}

/**
 * This slice's texts join the portal's one i18next instance (the shell's: i18next is a shared singleton) as the
 * 'courses' namespace: those of the language shown now before a page of the slice renders (in the portal the
 * instance is ready by then; the standalone app sets it up after this module), another language's when it is
 * chosen. Components re-render when they arrive (the instance binds the store's 'added' event).
 */
if (i18next.isInitialized) await addTranslations(currentLanguage());
else i18next.on('initialized', () => void addTranslations(currentLanguage()));
i18next.on('languageChanged', (language: string) => {
  if (isLanguage(language)) void addTranslations(language);
});

/** The language chosen, also while this slice's texts in it are still on their way (resolvedLanguage lags then). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}
