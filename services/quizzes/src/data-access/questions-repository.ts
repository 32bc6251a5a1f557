import { randomUUID } from 'node:crypto';
import type { Question, QuestionInput } from '@portal/contracts/quizzes';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import type { Kysely } from 'kysely';
import type { QuizzesDatabase } from './schema.ts';

const SERVICE = 'quizzes';

/** The ids an attempt names a version's options by: random for choices and items, fixed for true/false. */
function optionIdsFor(question: QuestionInput): string[] {
  switch (question.type) {
    case 'single':
    case 'multiple':
      return question.options.map(() => randomUUID());
    case 'ordering':
      return question.items.map(() => randomUUID());
    case 'true_false':
      return ['true', 'false'];
    case 'short_answer':
      return [];
  }
}

export interface QuestionVersion {
  questionId: string;
  version: number;
  content: QuestionInput;
  optionIds: string[];
}

/** The question bank: questions and their versions (a version an attempt showed is never changed). */
export function questionsRepository(db: Kysely<QuizzesDatabase>) {
  const current = () =>
    db
      .selectFrom('questions as q')
      .innerJoin('question_versions as v', (join) =>
        join.onRef('v.question_id', '=', 'q.question_id').onRef('v.version', '=', 'q.version'),
      )
      .select(['q.question_id', 'q.course_id', 'q.version', 'q.updated_at', 'v.content', 'v.option_ids', 'q.tags'])
      .where('q.deleted', '=', false);

  const toQuestion = (row: {
    question_id: string;
    course_id: string;
    version: number;
    updated_at: Date;
    content: QuestionInput;
    option_ids: string[];
  }): Question => ({
    id: row.question_id,
    courseId: row.course_id,
    version: row.version,
    question: row.content,
    optionIds: row.option_ids,
    updatedAt: row.updated_at.toISOString(),
  });

  return {
    async list(courseId: string): Promise<Question[]> {
      const rows = await current()
        .where('q.course_id', '=', courseId)
        .orderBy('q.created_at')
        .orderBy('q.question_id')
        .execute();
      return rows.map(toQuestion);
    },

    async get(questionId: string): Promise<Question | undefined> {
      const row = await current().where('q.question_id', '=', questionId).executeTakeFirst();
      return row && toQuestion(row);
    },

    /**
     * Adds questions all at once or none (an import); a millisecond apart, so the bank lists them in this order.
     * `audit` states the change for the audit trail, recorded in the same transaction.
     */
    async createAll(
      courseId: string,
      contents: QuestionInput[],
      audit: (questionIds: string[]) => AuditDraft,
    ): Promise<string[]> {
      const questionIds = contents.map(() => randomUUID());
      const start = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('questions')
          .values(
            contents.map((content, index) => ({
              question_id: questionIds[index] as string,
              course_id: courseId,
              version: 1,
              type: content.type,
              tags: content.tags ?? [],
              created_at: new Date(start + index),
              updated_at: new Date(start),
            })),
          )
          .execute();
        await trx
          .insertInto('question_versions')
          .values(
            contents.map((content, index) => ({
              question_id: questionIds[index] as string,
              version: 1,
              content: JSON.stringify(content),
              option_ids: optionIdsFor(content),
            })),
          )
          .execute();
        await recordAudit(trx, SERVICE, audit(questionIds));
      });
      return questionIds;
    },

    /**
     * A new version when an attempt showed the current one (its score stays as it was), else the current one
     * rewritten. False when there is no such question.
     */
    async update(
      questionId: string,
      content: QuestionInput,
      audit: (courseId: string) => AuditDraft,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const question = await trx
          .selectFrom('questions as q')
          .innerJoin('question_versions as v', (join) =>
            join.onRef('v.question_id', '=', 'q.question_id').onRef('v.version', '=', 'q.version'),
          )
          .select(['q.version', 'q.course_id', 'v.used'])
          .where('q.question_id', '=', questionId)
          .where('q.deleted', '=', false)
          .forUpdate('q')
          .executeTakeFirst();
        if (!question) return false;
        const values = { content: JSON.stringify(content), option_ids: optionIdsFor(content) };
        const version = question.used ? question.version + 1 : question.version;
        if (question.used)
          await trx
            .insertInto('question_versions')
            .values({ question_id: questionId, version, ...values })
            .execute();
        else
          await trx
            .updateTable('question_versions')
            .set(values)
            .where('question_id', '=', questionId)
            .where('version', '=', version)
            .execute();
        await trx
          .updateTable('questions')
          .set({ version, type: content.type, tags: content.tags ?? [], updated_at: new Date() })
          .where('question_id', '=', questionId)
          .execute();
        await recordAudit(trx, SERVICE, audit(question.course_id));
        return true;
      });
    },

    /** Out of the bank; its versions stay for the attempts that showed them. */
    async delete(
      questionId: string,
      audit: (deleted: QuestionInput, courseId: string) => AuditDraft,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .updateTable('questions')
          .set({ deleted: true, updated_at: new Date() })
          .where('question_id', '=', questionId)
          .where('deleted', '=', false)
          .returning(['course_id', 'version'])
          .executeTakeFirst();
        if (!deleted) return false;
        const { content } = await trx
          .selectFrom('question_versions')
          .select('content')
          .where('question_id', '=', questionId)
          .where('version', '=', deleted.version)
          .executeTakeFirstOrThrow();
        await recordAudit(trx, SERVICE, audit(content, deleted.course_id));
        return true;
      });
    },

    /** The bank's current questions a draw may take, in the bank's order. */
    async candidates(courseId: string) {
      const rows = await db
        .selectFrom('questions')
        .select(['question_id', 'tags'])
        .where('course_id', '=', courseId)
        .where('deleted', '=', false)
        .orderBy('created_at')
        .orderBy('question_id')
        .execute();
      return rows.map((row) => ({ questionId: row.question_id, tags: row.tags }));
    },

    /** Given questions' current versions, marked as shown by an attempt (edits make new ones from now on). */
    async pinCurrent(questionIds: string[]): Promise<QuestionVersion[]> {
      if (questionIds.length === 0) return [];
      const rows = await db
        .updateTable('question_versions as v')
        .from('questions as q')
        .set({ used: true })
        .whereRef('v.question_id', '=', 'q.question_id')
        .whereRef('v.version', '=', 'q.version')
        .where('q.question_id', 'in', questionIds)
        .returning(['v.question_id', 'v.version', 'v.content', 'v.option_ids'])
        .execute();
      const byId = new Map(rows.map((row) => [row.question_id, row]));
      return questionIds.flatMap((id) => {
        const row = byId.get(id);
        return row ? [{ questionId: id, version: row.version, content: row.content, optionIds: row.option_ids }] : [];
      });
    },

    /** The versions an attempt showed. */
    async versions(shown: readonly { questionId: string; version: number }[]): Promise<Map<string, QuestionVersion>> {
      if (shown.length === 0) return new Map();
      const rows = await db
        .selectFrom('question_versions')
        .select(['question_id', 'version', 'content', 'option_ids'])
        .where((eb) =>
          eb.or(
            shown.map(({ questionId, version }) =>
              eb.and([eb('question_id', '=', questionId), eb('version', '=', version)]),
            ),
          ),
        )
        .execute();
      return new Map(
        rows.map((row) => [
          row.question_id,
          { questionId: row.question_id, version: row.version, content: row.content, optionIds: row.option_ids },
        ]),
      );
    },
  };
}
