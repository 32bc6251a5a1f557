import { FALLBACK_LANGUAGE, type Language, LANGUAGES } from '@portal/contracts/languages';
import { currentLanguage, loadTranslations } from '@portal/web-kit/i18n';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_DETECTION, SHELL_TRANSLATIONS } from './interface-language.ts';

const SHELL_NAMESPACE = 'shell';

/**
 * Sets up the portal's one i18next instance. i18next is a shared singleton, so every remote gets this
 * instance and adds its own namespace to it when it loads. `<html lang>` follows the language (the page
 * frame keeps the document title); the choice is kept in localStorage and so survives a reload. Only the
 * detected language's texts load here; components re-render when a slice adds its texts (`bindI18nStore: 'added'`).
 */
export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  await i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: {},
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: [SHELL_NAMESPACE],
      defaultNS: SHELL_NAMESPACE,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18nStore: 'added' },
      detection: LANGUAGE_DETECTION,
    });
  // Detected, but not resolved yet: i18next resolves only to a language whose texts it has.
  await changeInterfaceLanguage(currentLanguage());
}

/** Switches once the shell's texts in `language` are there; the slices add theirs on `languageChanged`. */
export async function changeInterfaceLanguage(language: Language): Promise<void> {
  await loadTranslations(SHELL_NAMESPACE, (shown) => SHELL_TRANSLATIONS[shown](), language);
  await i18next.changeLanguage(language);
}
