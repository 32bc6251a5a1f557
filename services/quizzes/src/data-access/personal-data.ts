import type { PersonalData } from '@portal/kit/personal-data';
import { serviceTexts } from '@portal/kit/texts';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/**
 * What the quizzes service knows of a person: their name (for the quiz report), their attempts, and the extra attempts
 * and passes granted them.
 */
export const personalData: PersonalData = {
  tables: {
    people: { userColumn: 'user_id' },
    attempts: { userColumn: 'user_id' },
    quiz_grants: { userColumn: 'user_id' },
  },
  texts: serviceTexts('quizzes', { en, fr, de, it, rm }),
};
