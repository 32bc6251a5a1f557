import type { Migration } from '@portal/kit/db';

/**
 * The uploaded results waiting for review, one row each: kept on `result.uploaded`, removed on `result.reviewed`,
 * so that the administrators' digest says how many wait.
 */
export const pendingResults: Migration = {
  id: '007-pending-results',
  statements: [
    `create table pending_results (
      result_id uuid primary key,
      user_id uuid not null,
      course_id uuid not null,
      uploaded_at timestamptz not null
    )`,
    `create index pending_results_user on pending_results (user_id)`,
    `create index pending_results_course on pending_results (course_id)`,
  ],
};
