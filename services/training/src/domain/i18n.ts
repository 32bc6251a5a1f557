import { serviceTexts } from '@portal/kit/texts';
import type { TFunction } from 'i18next';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

export type Translate = TFunction;

/** The service's texts (reports' headers and statuses, reminder mails) in one language. */
export const translator = serviceTexts(
  'training',
  { en, fr, de, it, rm },
  // Values are escaped where HTML is made (the mails' HTML part), not by i18next: files and plain text take them as they are.
  { interpolation: { escapeValue: false } },
);

/** The English texts: they list every key (the report's columns). */
export { en as englishTexts };
