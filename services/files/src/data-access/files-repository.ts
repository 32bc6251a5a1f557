import type { CourseFile } from '@portal/contracts/courses';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { chunkTable } from '@portal/kit/chunks';
import type { Kysely } from 'kysely';
import type { FilesDatabase } from './schema.ts';

export interface StoredFile extends CourseFile {
  checksum: string;
}

const columns = [
  'id',
  'course_id as courseId',
  'file_name as fileName',
  'file_type as fileType',
  'file_size as fileSize',
  'checksum',
  'uploaded_at as uploadedAt',
] as const;

function toStoredFile(row: {
  id: string;
  courseId: string;
  fileName: string;
  fileType: string;
  fileSize: number | string;
  checksum: string | null;
  uploadedAt: Date | null;
}): StoredFile {
  return {
    id: row.id,
    courseId: row.courseId,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: Number(row.fileSize),
    checksum: row.checksum ?? '',
    uploadedAt: (row.uploadedAt ?? new Date(0)).toISOString(),
  };
}

/** The service that records these changes on the audit trail. */
const SERVICE = 'files';

export function filesRepository(db: Kysely<FilesDatabase>) {
  const chunks = chunkTable(db, 'file_chunks', 'file_id');
  return {
    async begin(file: { id: string; courseId: string; fileName: string; fileType: string }) {
      await db
        .insertInto('files')
        .values({
          id: file.id,
          course_id: file.courseId,
          file_name: file.fileName,
          file_type: file.fileType,
          status: 'uploading',
        })
        .execute();
    },

    writeChunk: chunks.write,

    /** The file becomes visible only now, with its size and checksum (and its record on the audit trail). */
    async finish(
      fileId: string,
      size: number,
      checksum: string,
      audit?: (file: StoredFile) => AuditDraft,
    ): Promise<StoredFile> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('files')
          .set({ status: 'ready', file_size: size, checksum, uploaded_at: new Date() })
          .where('id', '=', fileId)
          .returning(columns)
          .executeTakeFirstOrThrow();
        const file = toStoredFile(row);
        if (audit) await recordAudit(trx, SERVICE, audit(file));
        return file;
      });
    },

    async discard(fileId: string) {
      await db.deleteFrom('files').where('id', '=', fileId).execute();
    },

    async find(fileId: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom('files')
        .select(columns)
        .where('id', '=', fileId)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      return row && toStoredFile(row);
    },

    async listOfCourse(courseId: string): Promise<StoredFile[]> {
      const rows = await db
        .selectFrom('files')
        .select(columns)
        .where('course_id', '=', courseId)
        .where('status', '=', 'ready')
        .orderBy('uploaded_at')
        .orderBy('id')
        .execute();
      return rows.map(toStoredFile);
    },

    readChunks: chunks.read,
    chunkBytes: chunks.chunkBytes,

    async delete(fileId: string, audit?: (file: StoredFile) => AuditDraft): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('files').where('id', '=', fileId).returning(columns).executeTakeFirst();
        if (row && audit) await recordAudit(trx, SERVICE, audit(toStoredFile(row)));
        return row !== undefined;
      });
    },

    /** Every file of a deleted course (handler of the course.deleted event, inside its transaction). */
    async deleteOfCourse(courseId: string) {
      await db.deleteFrom('files').where('course_id', '=', courseId).execute();
    },

    /** Uploads that never finished (a crash mid-upload): their chunks are removed. */
    async deleteAbandoned(olderThan: Date) {
      await db.deleteFrom('files').where('status', '=', 'uploading').where('created_at', '<', olderThan).execute();
    },
  };
}
export type FilesRepository = ReturnType<typeof filesRepository>;
