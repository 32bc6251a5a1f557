import type { Migration } from '@portal/kit/db';

/**
 * Proof of completion (issue 30): the learner's confirmation, or a result they upload for an administrator.
 */
export const completionProofAndResults: Migration = {
  id: '005-completion-proof-and-results',
  statements: [
    `alter table courses add column completion_proof text not null default 'confirmation'
      check (completion_proof in ('confirmation', 'upload'))`,
    `create table course_results (
      id uuid primary key,
      course_id uuid not null references courses (id) on delete cascade,
      user_id uuid not null,
      file_name text not null,
      file_type text not null,
      file_size bigint not null default 0,
      status text not null check (status in ('uploading', 'pending', 'approved', 'rejected')),
      uploaded_at timestamptz not null default now(),
      reviewed_at timestamptz,
      reviewed_by uuid,
      review_comment text
    )`,
    `create index course_results_queue on course_results (status, uploaded_at, id)`,
    `create index course_results_mine on course_results (user_id, course_id, uploaded_at desc)`,
    // One result waits for review per learner and course: a second upload meanwhile is refused.
    `create unique index course_results_one_pending on course_results (course_id, user_id) where status = 'pending'`,
    `create table course_result_chunks (
      result_id uuid not null references course_results (id) on delete cascade,
      n integer not null,
      data bytea not null,
      primary key (result_id, n)
    )`,
  ],
};
