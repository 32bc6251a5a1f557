import type { PersonalData } from '@portal/kit/personal-data';
import { serviceTexts } from '@portal/kit/texts';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/** The audit trail's entries of what the person did. */
export const personalData: PersonalData = {
  tables: { audit_entries: { userColumn: 'actor_id' } },
  texts: serviceTexts('audit', { en, fr, de, it, rm }),
};
