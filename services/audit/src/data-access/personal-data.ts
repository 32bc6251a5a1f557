import type { PersonalData } from '@portal/kit/personal-data';

/** The audit trail's entries of what the person did. */
export const personalData: PersonalData = {
  audit_entries: { userColumn: 'actor_id' },
};
