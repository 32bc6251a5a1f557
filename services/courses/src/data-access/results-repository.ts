import type { CourseResult, ResultForReview, ResultStatus } from '@portal/contracts/course-results';
import { EVENTS, type ResultReviewed, type ResultUploaded } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { chunkTable } from '@portal/kit/chunks';
import { isUniqueViolation } from '@portal/kit/db';
import { recordEvent } from '@portal/kit/events';
import { type Kysely, sql } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

const SERVICE = 'courses';

const columns = [
  'r.id',
  'r.course_id',
  'r.user_id',
  'r.file_name',
  'r.file_type',
  'r.file_size',
  'r.status',
  'r.uploaded_at',
  'r.reviewed_at',
  'r.review_comment',
] as const;

interface ResultRow {
  id: string;
  course_id: string;
  user_id: string;
  file_name: string;
  file_type: string;
  file_size: number | string;
  status: string;
  uploaded_at: Date;
  reviewed_at: Date | null;
  review_comment: string | null;
}

const toResult = (row: ResultRow): CourseResult => ({
  id: row.id,
  courseId: row.course_id,
  userId: row.user_id,
  fileName: row.file_name,
  fileType: row.file_type as CourseResult['fileType'],
  fileSize: Number(row.file_size),
  status: row.status as ResultStatus,
  uploadedAt: row.uploaded_at.toISOString(),
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
  reviewComment: row.review_comment,
});

/** What a decision changes, and the audit record a use case makes of the result it found. */
export interface Review {
  status: 'approved' | 'rejected';
  comment: string | null;
  reviewerId: string | null;
  now: Date;
  audit: (result: CourseResult) => AuditDraft;
}

export function resultsRepository(db: Kysely<CoursesDatabase>) {
  const chunks = chunkTable(db, 'course_result_chunks', 'result_id');
  return {
    /** A result being uploaded: invisible until `finish`; an earlier upload of theirs cut off is removed. */
    async begin(result: { id: string; courseId: string; userId: string; fileName: string; fileType: string }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('course_results')
          .where('course_id', '=', result.courseId)
          .where('user_id', '=', result.userId)
          .where('status', '=', 'uploading')
          .execute();
        await trx
          .insertInto('course_results')
          .values({
            id: result.id,
            course_id: result.courseId,
            user_id: result.userId,
            file_name: result.fileName,
            file_type: result.fileType,
            status: 'uploading',
          })
          .execute();
      });
    },

    writeChunk: chunks.write,

    /**
     * The result waits for review from now, and the training service hears of it (the administrators' digest
     * counts what waits); undefined when another one of theirs already does (a race).
     */
    async finish(resultId: string, size: number, now: Date): Promise<CourseResult | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('course_results as r')
            .set({ status: 'pending', file_size: size, uploaded_at: now })
            .where('r.id', '=', resultId)
            .returning(columns)
            .executeTakeFirstOrThrow();
          await recordEvent(trx, EVENTS.resultUploaded, {
            resultId: row.id,
            courseId: row.course_id,
            userId: row.user_id,
            uploadedAt: row.uploaded_at.toISOString(),
          } satisfies ResultUploaded);
          return toResult(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Removes an upload; one that waited for review already is announced, so that it is no longer counted. */
    async discard(resultId: string) {
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('course_results')
          .where('id', '=', resultId)
          .returning('status')
          .executeTakeFirst();
        if (removed?.status === 'pending') await recordEvent(trx, EVENTS.resultDiscarded, { resultId });
      });
    },

    /** The learner's latest result for the course (uploads in progress aside). */
    async latest(courseId: string, userId: string): Promise<CourseResult | undefined> {
      const row = await db
        .selectFrom('course_results as r')
        .select(columns)
        .where('r.course_id', '=', courseId)
        .where('r.user_id', '=', userId)
        .where('r.status', '!=', 'uploading')
        .orderBy('r.uploaded_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toResult(row);
    },

    async find(resultId: string): Promise<CourseResult | undefined> {
      const row = await db
        .selectFrom('course_results as r')
        .select(columns)
        .where('r.id', '=', resultId)
        .where('r.status', '!=', 'uploading')
        .executeTakeFirst();
      return row && toResult(row);
    },

    /** A page of results by status, oldest upload first, with their courses' titles in `language`. */
    async list(
      filter: { status: ResultStatus | undefined; limit: number; offset: number },
      language: Language,
    ): Promise<{ items: Omit<ResultForReview, 'person'>[]; total: number }> {
      const filtered = db
        .selectFrom('course_results as r')
        .where('r.status', filter.status ? '=' : '!=', filter.status ?? 'uploading');
      const [rows, total] = await Promise.all([
        filtered
          .innerJoin('courses as c', 'c.id', 'r.course_id')
          .innerJoin('course_texts as t', (join) =>
            join.on(
              sql<boolean>`t.course_id = c.id and t.language = (case when ${language}::text = any(c.languages) then ${language}::text else c.default_language end)`,
            ),
          )
          .select([...columns, 't.title'])
          .orderBy('r.uploaded_at')
          .orderBy('r.id')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        filtered.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(({ title, ...row }) => ({ ...toResult(row), courseTitle: title })), total: total.count };
    },

    /**
     * Decides on a pending result in one transaction with its consequences: an approval completes the
     * participation (a completions row, the completion.recorded event), and the audit record. Undefined when the
     * result is not pending (decided meanwhile, or unknown).
     */
    async review(resultId: string, review: Review): Promise<CourseResult | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('course_results as r')
          .set({
            status: review.status,
            reviewed_at: review.now,
            reviewed_by: review.reviewerId,
            review_comment: review.comment,
          })
          .where('r.id', '=', resultId)
          .where('r.status', '=', 'pending')
          .returning(columns)
          .executeTakeFirst();
        if (!row) return undefined;
        const result = toResult(row);
        if (review.status === 'approved') {
          const completed = await trx
            .updateTable('participations')
            .set({ completed_at: review.now })
            .where('course_id', '=', result.courseId)
            .where('user_id', '=', result.userId)
            .where('completed_at', 'is', null)
            .returning('user_id')
            .executeTakeFirst();
          if (completed) {
            await trx
              .insertInto('completions')
              .values({ course_id: result.courseId, user_id: result.userId, completed_at: review.now })
              .execute();
            await recordEvent(trx, EVENTS.completionRecorded, {
              courseId: result.courseId,
              userId: result.userId,
              completedAt: review.now.toISOString(),
            });
          }
        }
        await recordEvent(trx, EVENTS.resultReviewed, {
          resultId: result.id,
          courseId: result.courseId,
          userId: result.userId,
          decision: review.status,
          comment: review.comment,
          reviewedAt: review.now.toISOString(),
        } satisfies ResultReviewed);
        await recordAudit(trx, SERVICE, review.audit(result));
        return result;
      });
    },

    readChunks: chunks.read,
  };
}
export type ResultsRepository = ReturnType<typeof resultsRepository>;
