import type { PersonalData } from '@portal/kit/personal-data';
import { serviceTexts } from '@portal/kit/texts';
import { sql } from 'kysely';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

/** What the auth service keeps about a person; hashes of passwords and links are never handed out. */
export const personalData: PersonalData = {
  tables: {
    users: { userColumn: 'id', withheld: ['password_hash'] },
    password_reset_tokens: { userColumn: 'user_id', withheld: ['token_hash'] },
    group_members: {
      userColumn: 'user_id',
      readable: (userId) => sql`select m.group_id, g.name as group_name, m.user_id, m.added_at
        from group_members m join groups g on g.id = m.group_id where m.user_id = ${userId} order by g.name`,
    },
    scim_tokens: { userColumn: 'created_by', withheld: ['token_hash'] },
  },
  texts: serviceTexts('auth', { en, fr, de, it, rm }),
};
