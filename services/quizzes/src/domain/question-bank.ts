import type { Language } from '@portal/contracts/languages';
import type { QuestionInput } from '@portal/contracts/quizzes';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import { notFound } from '@portal/kit/errors';
import type { Kysely } from 'kysely';
import { questionsRepository } from '../data-access/questions-repository.ts';
import { lessonsRepository } from '../data-access/read-model.ts';
import type { QuizzesDatabase } from '../data-access/schema.ts';
import { parseGift, toGift } from './gift.ts';
import { textIn } from './i18n.ts';
import { parseQuestionCsv } from './question-csv.ts';
import { importErrorsIn } from './question-import.ts';

const PARSERS = { gift: parseGift, csv: parseQuestionCsv } as const;

/** A question as the audit trail names it: the beginning of its text, in the portal's language where it has one. */
const labelOf = (question: QuestionInput) => textIn(question.texts, 'en').slice(0, 120);

const questionAudit = (
  audit: AuditContext,
  action: string,
  questionId: string,
  question: QuestionInput,
  courseId: string,
): AuditDraft => ({
  ...audit,
  action,
  object: { type: 'question', id: questionId, label: labelOf(question) },
  outcome: 'success',
  details: { courseId, type: question.type },
});

/** The administrators' question bank of a course. */
export function questionBank(db: Kysely<QuizzesDatabase>) {
  const questions = questionsRepository(db);
  const lessons = lessonsRepository(db);

  async function stored(questionId: string) {
    const question = await questions.get(questionId);
    if (!question) throw notFound('No such question');
    return question;
  }

  async function knownCourse(courseId: string) {
    if (!(await lessons.courseExists(courseId))) throw notFound('No such course');
  }

  return {
    async list(courseId: string) {
      await knownCourse(courseId);
      return questions.list(courseId);
    },

    async create(courseId: string, input: QuestionInput, audit: AuditContext) {
      await knownCourse(courseId);
      const [id = ''] = await questions.createAll(courseId, [input], ([questionId = '']) =>
        questionAudit(audit, 'question.created', questionId, input, courseId),
      );
      return stored(id);
    },

    async update(questionId: string, input: QuestionInput, audit: AuditContext) {
      const updated = await questions.update(questionId, input, (courseId) =>
        questionAudit(audit, 'question.updated', questionId, input, courseId),
      );
      if (!updated) throw notFound('No such question');
      return stored(questionId);
    },

    /** Parses a GIFT or CSV file; stores its questions only when asked and every line parsed, in one transaction. */
    async import(
      courseId: string,
      format: keyof typeof PARSERS,
      source: string,
      store: boolean,
      language: Language,
      audit: AuditContext,
    ) {
      await knownCourse(courseId);
      const { questions: parsed, errors } = PARSERS[format](source, language);
      const inputs = parsed.map(({ question }) => question);
      if (store && errors.length === 0 && inputs.length > 0) {
        await questions.createAll(courseId, inputs, (questionIds) => ({
          ...audit,
          action: 'question.imported',
          object: { type: 'course', id: courseId },
          outcome: 'success',
          details: { format, count: questionIds.length },
        }));
      }
      return { questions: inputs, errors: importErrorsIn(errors, language) };
    },

    async exportGift(courseId: string, language: Language) {
      await knownCourse(courseId);
      return toGift(
        (await questions.list(courseId)).map(({ question }) => question),
        language,
      );
    },

    async delete(questionId: string, audit: AuditContext) {
      const deleted = await questions.delete(questionId, (question, courseId) =>
        questionAudit(audit, 'question.deleted', questionId, question, courseId),
      );
      if (!deleted) throw notFound('No such question');
    },
  };
}
export type QuestionBank = ReturnType<typeof questionBank>;
