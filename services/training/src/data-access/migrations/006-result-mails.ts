import type { Migration } from '@portal/kit/db';

/**
 * The learners' mails about a reviewed result, one per result: kept by the event's handler, claimed (`sent_at`)
 * by the pass that sends it, so instances running the pass at once send it once.
 */
export const resultMails: Migration = {
  id: '006-result-mails',
  statements: [
    `create table result_mails (
      result_id uuid primary key,
      user_id uuid not null,
      course_id uuid not null,
      decision text not null check (decision in ('approved', 'rejected')),
      comment text,
      reviewed_at timestamptz not null,
      sent_at timestamptz
    )`,
    `create index result_mails_unsent on result_mails (reviewed_at) where sent_at is null`,
  ],
};
