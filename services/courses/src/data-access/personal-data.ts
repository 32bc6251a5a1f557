import type { PersonalData } from '@portal/kit/personal-data';

/** What the courses service keeps about a person: the courses they wrote, took part in and completed. */
export const personalData: PersonalData = {
  courses: { userColumn: 'created_by' },
  participations: { userColumn: 'user_id' },
  completions: { userColumn: 'user_id' },
};
