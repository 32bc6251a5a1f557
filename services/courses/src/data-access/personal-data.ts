import type { PersonalData } from '@portal/kit/personal-data';

/** What the courses service keeps about a person: the courses they wrote, took part in and completed, and the results they uploaded. */
export const personalData: PersonalData = {
  courses: { userColumn: 'created_by' },
  participations: { userColumn: 'user_id' },
  completions: { userColumn: 'user_id' },
  course_results: { userColumn: 'user_id' },
};
