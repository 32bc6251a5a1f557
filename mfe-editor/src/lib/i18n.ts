import { FALLBACK_LANGUAGE, isLanguage, type Language, LANGUAGES } from '@portal/contracts/languages';
import i18next from 'i18next';
import de from '../locales/de/editor.json' with { type: 'json' };
import en from '../locales/en/editor.json' with { type: 'json' };
import fr from '../locales/fr/editor.json' with { type: 'json' };
import it from '../locales/it/editor.json' with { type: 'json' };
import rm from '../locales/rm/editor.json' with { type: 'json' };

export const EDITOR_NAMESPACE = 'editor';

const resources = { en, fr, de, it, rm } satisfies Record<Language, unknown>;

/**
 * This slice's texts join the portal's one i18next instance (the shell's: i18next is a shared singleton)
 * as the 'editor' namespace as soon as the page of the slice loads.
 */
function addTranslations() {
  for (const language of LANGUAGES) {
    i18next.addResourceBundle(language, EDITOR_NAMESPACE, resources[language], true, true);
  }
}

if (i18next.isInitialized) addTranslations();
else i18next.on('initialized', addTranslations);

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage;
  return isLanguage(language) ? language : FALLBACK_LANGUAGE;
}
