import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@portal/contracts/languages';
import i18next from 'i18next';

/** The shell's texts, one chunk per language named `i18n-<language>` (`webpackChunkName`). */
export type Translations = Readonly<Record<Language, () => Promise<{ default: object }>>>;

/**
 * A slice's texts in one language: an `import()` of `locales/${language}/<namespace>.json`, so the bundler makes
 * one chunk per language, a page loads the language it shows and the others come when chosen. Named
 * `i18n-[request]` (`i18n-<language>-<file>-json`), the shell finds those a page will show in a slice's manifest
 * and asks for them before the page does (shell/src/lib/early-requests.ts).
 */
export type TextsLoader = (language: Language) => Promise<{ default: object }>;

/** Adds a namespace's texts in `language` to the portal's one i18next instance, unless they are there already. */
export async function loadTranslations(namespace: string, load: TextsLoader, language: Language) {
  if (i18next.hasResourceBundle(language, namespace)) return;
  const { default: texts } = await load(language);
  i18next.addResourceBundle(language, namespace, texts, true, true);
}

/**
 * A slice's texts join the portal's one i18next instance (the shell's: i18next is a shared singleton) as the
 * slice's namespace: those of the language shown now before a page of the slice renders (the slice's i18n module
 * awaits this; in the portal the instance is ready by then, the standalone app sets it up after that module),
 * another language's when it is chosen. Components re-render when they arrive (`bindI18nStore: 'added'`).
 */
export async function addSliceTranslations(namespace: string, load: TextsLoader): Promise<void> {
  i18next.on('languageChanged', (language: string) => {
    if (isLanguage(language)) void loadTranslations(namespace, load, language);
  });
  if (i18next.isInitialized) await loadTranslations(namespace, load, currentLanguage());
  else i18next.on('initialized', () => void loadTranslations(namespace, load, currentLanguage()));
}

/** The language chosen, also while a slice's texts in it are still on their way (resolvedLanguage lags then). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}
