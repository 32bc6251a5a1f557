import type { PersonalData } from '@portal/kit/personal-data';

/** The files service keeps course attachments, none of them tied to a person. */
export const personalData: PersonalData = {};
