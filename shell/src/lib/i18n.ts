import { FALLBACK_LANGUAGE, isLanguage, type Language, LANGUAGES } from '@portal/contracts/languages';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const SHELL_NAMESPACE = 'shell';

type Translations = () => Promise<{ default: Record<string, unknown> }>;

/** One chunk per language: a page loads the texts of the language it shows, the others come when chosen. */
const SHELL_TRANSLATIONS: Record<Language, Translations> = {
  en: () => import('../locales/en/shell.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr/shell.json', { with: { type: 'json' } }),
  de: () => import('../locales/de/shell.json', { with: { type: 'json' } }),
  it: () => import('../locales/it/shell.json', { with: { type: 'json' } }),
  rm: () => import('../locales/rm/shell.json', { with: { type: 'json' } }),
};

async function loadShellTranslations(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, SHELL_NAMESPACE)) return;
  const { default: translations } = await SHELL_TRANSLATIONS[language]();
  i18next.addResourceBundle(language, SHELL_NAMESPACE, translations, true, true);
}

function followLanguage() {
  document.documentElement.lang = currentLanguage();
  document.title = i18next.t('app.title', { ns: SHELL_NAMESPACE });
}

/**
 * Sets up the portal's one i18next instance. i18next is a shared singleton, so every remote gets this
 * instance and adds its own namespace to it when it loads. `<html lang>` and the document title follow the
 * language; the choice is kept in localStorage and so survives a reload. Only the detected language's texts
 * load here; components re-render when a slice adds its texts (`bindI18nStore: 'added'`).
 */
export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', followLanguage);
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
      detection: {
        order: ['localStorage', 'cookie', 'sessionStorage', 'navigator', 'htmlTag'],
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => lng.split('-')[0]?.toLowerCase() ?? lng,
      },
    });
  // Detected, but not resolved yet: i18next resolves only to a language whose texts it has.
  await changeInterfaceLanguage(isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE);
}

/** The language the interface is shown in now. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}

/** Switches once the shell's texts in `language` are there; the slices add theirs on `languageChanged`. */
export async function changeInterfaceLanguage(language: Language): Promise<void> {
  await loadShellTranslations(language);
  await i18next.changeLanguage(language);
}
