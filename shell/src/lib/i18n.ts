import { FALLBACK_LANGUAGE, type Language, LANGUAGES } from '@portal/contracts/languages';
import { currentLanguage } from '@portal/web-kit/i18n';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de/shell.json' with { type: 'json' };
import en from '../locales/en/shell.json' with { type: 'json' };
import fr from '../locales/fr/shell.json' with { type: 'json' };
import it from '../locales/it/shell.json' with { type: 'json' };
import rm from '../locales/rm/shell.json' with { type: 'json' };

export const SHELL_NAMESPACE = 'shell';

const resources = { en, fr, de, it, rm } satisfies Record<Language, unknown>;

/**
 * Sets up the portal's one i18next instance. i18next is a shared singleton, so every remote gets this
 * instance and adds its own namespace to it when it loads. `<html lang>` follows the language (the page
 * frame keeps the document title); the choice is kept in localStorage and so survives a reload.
 */
export function initI18n(): Promise<unknown> {
  i18next.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  return i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { [SHELL_NAMESPACE]: resources[lng] }])),
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: [SHELL_NAMESPACE],
      defaultNS: SHELL_NAMESPACE,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      detection: {
        order: ['localStorage', 'cookie', 'sessionStorage', 'navigator', 'htmlTag'],
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => lng.split('-')[0]?.toLowerCase() ?? lng,
      },
    });
}

export function changeInterfaceLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}
