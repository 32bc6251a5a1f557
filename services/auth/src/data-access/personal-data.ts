import type { PersonalData } from '@portal/kit/personal-data';

/** What the auth service keeps about a person; hashes of passwords and links are never handed out. */
export const personalData: PersonalData = {
  users: { userColumn: 'id', withheld: ['password_hash'] },
  password_reset_tokens: { userColumn: 'user_id', withheld: ['token_hash'] },
  group_members: { userColumn: 'user_id' },
};
