import type { PersonalData } from '@portal/kit/personal-data';

/** What the training service knows of a person: their directory entry, groups, progress and assignments. */
export const personalData: PersonalData = {
  people: { userColumn: 'user_id' },
  group_members: { userColumn: 'user_id' },
  participations: { userColumn: 'user_id' },
  completions: { userColumn: 'user_id' },
  assigned_people: { userColumn: 'user_id' },
  assignments: { userColumn: 'created_by' },
  reminders_sent: { userColumn: 'user_id' },
  digests_sent: { userColumn: 'user_id' },
  result_mails: { userColumn: 'user_id' },
};
