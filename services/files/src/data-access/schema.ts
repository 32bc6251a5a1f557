import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType } from 'kysely';

export interface FilesDatabase {
  files: {
    id: string;
    course_id: string;
    file_name: string;
    file_type: string;
    file_size: ColumnType<number, number | undefined, number>;
    checksum: string | null;
    /** 'uploading' until the last chunk is stored: only 'ready' files are ever listed or served. */
    status: 'uploading' | 'ready';
    created_at: ColumnType<Date, Date | undefined, never>;
    uploaded_at: Date | null;
  };
  file_chunks: { file_id: string; n: number; data: Uint8Array };
}

export const migrations: Migration[] = [
  eventTablesMigration,
  {
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
  },
];
