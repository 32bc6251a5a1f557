import type { Migration } from '@portal/kit/db';

/** Attachments and their content in fixed-size chunks (decision 0011). */
export const filesAndChunks: Migration = {
  id: '001-files-and-chunks',
  statements: [
    `create table files (
      id uuid primary key,
      course_id uuid not null,
      file_name text not null,
      file_type text not null,
      file_size bigint not null default 0,
      checksum text,
      status text not null check (status in ('uploading', 'ready')),
      created_at timestamptz not null default now(),
      uploaded_at timestamptz
    )`,
    `create index files_course on files (course_id, uploaded_at) where status = 'ready'`,
    `create index files_uploading on files (created_at) where status = 'uploading'`,
    `create table file_chunks (
      file_id uuid not null references files (id) on delete cascade,
      n integer not null,
      data bytea not null,
      primary key (file_id, n)
    )`,
  ],
};
