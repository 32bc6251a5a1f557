import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import { createInstance, type TFunction } from 'i18next';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/** The service's texts (reports' headers and statuses, reminder mails) in the five languages, one instance. */
const i18n = createInstance();
void i18n.init({
  resources: {
    en: { training: en },
    fr: { training: fr },
    de: { training: de },
    it: { training: it },
    rm: { training: rm },
  },
  ns: ['training'],
  defaultNS: 'training',
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  // Values are escaped where HTML is made (the mails' HTML part), not by i18next: files and plain text take them as they are.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type Translate = TFunction;

/** The texts in one language. */
export const translator = (language: Language): Translate => i18n.getFixedT(language);

/** The English texts: they list every key (the report's columns). */
export { en as englishTexts };
