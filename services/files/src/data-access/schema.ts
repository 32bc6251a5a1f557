import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType } from 'kysely';
import { filesAndChunks } from './migrations/001-files-and-chunks.ts';

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

/** In the order they are applied; each in its own file under migrations/, its id never changed once released. */
export const migrations: Migration[] = [eventTablesMigration, filesAndChunks];
