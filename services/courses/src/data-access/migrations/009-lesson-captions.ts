import type { Migration } from '@portal/kit/db';

/** A video lesson's captions (issue 45): the course's WebVTT file per language, read and written with the lesson. */
export const lessonCaptions: Migration = {
  id: '009-lesson-captions',
  statements: [`alter table lessons add column captions jsonb not null default '{}'`],
};
