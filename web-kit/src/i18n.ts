import { FALLBACK_LANGUAGE, isLanguage, type Language, LANGUAGES } from '@portal/contracts/languages';
import i18next from 'i18next';

/**
 * Adds a slice's texts to the portal's one i18next instance (the shell's: i18next is a shared singleton) as the
 * slice's namespace, as soon as a page of the slice loads, or once the instance is initialized.
 */
export function addSliceTranslations(namespace: string, resources: Readonly<Record<Language, object>>) {
  const add = () => {
    for (const language of LANGUAGES) i18next.addResourceBundle(language, namespace, resources[language], true, true);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

/** The language the interface is shown in now. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}
