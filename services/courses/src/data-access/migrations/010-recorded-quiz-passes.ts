import type { Migration } from '@portal/kit/db';

/** A quiz pass an administrator recorded (issue 45): no attempt passed, kept with the pass and its evidence. */
export const recordedQuizPasses: Migration = {
  id: '010-recorded-quiz-passes',
  statements: [`alter table quiz_passes add column recorded boolean not null default false`],
};
