import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@portal/contracts/languages';
import i18next from 'i18next';

/**
 * One chunk per language: a page loads the texts of the language it shows, the others come when chosen. Each is
 * named `i18n-<language>` (`webpackChunkName`), so that the shell can find the one a page will show in a slice's
 * manifest and ask for it before the page does (shell/src/lib/early-requests.ts).
 */
export type Translations = Readonly<Record<Language, () => Promise<{ default: object }>>>;

/** Adds a namespace's texts in `language` to the portal's one i18next instance, unless they are there already. */
export async function loadTranslations(namespace: string, translations: Translations, language: Language) {
  if (i18next.hasResourceBundle(language, namespace)) return;
  const { default: texts } = await translations[language]();
  i18next.addResourceBundle(language, namespace, texts, true, true);
}

/**
 * A slice's texts join the portal's one i18next instance (the shell's: i18next is a shared singleton) as the
 * slice's namespace: those of the language shown now before a page of the slice renders (the slice's i18n module
 * awaits this; in the portal the instance is ready by then, the standalone app sets it up after that module),
 * another language's when it is chosen. Components re-render when they arrive (`bindI18nStore: 'added'`).
 */
export async function addSliceTranslations(namespace: string, translations: Translations): Promise<void> {
  i18next.on('languageChanged', (language: string) => {
    if (isLanguage(language)) void loadTranslations(namespace, translations, language);
  });
  if (i18next.isInitialized) await loadTranslations(namespace, translations, currentLanguage());
  else i18next.on('initialized', () => void loadTranslations(namespace, translations, currentLanguage()));
}

/** The language chosen, also while a slice's texts in it are still on their way (resolvedLanguage lags then). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}
