import { randomUUID } from 'node:crypto';
import { EVENTS, type QuizPassed } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import { QUIZ_LIMITS } from '@portal/contracts/quizzes';
import type { QuizGrant, QuizGrantInput, QuizReport } from '@portal/contracts/quiz-report';
import type { AuditContext } from '@portal/kit/audit';
import { notFound } from '@portal/kit/errors';
import { recordEvent } from '@portal/kit/events';
import type { Kysely } from 'kysely';
import { attemptsRepository } from '../data-access/attempts-repository.ts';
import { type AnswerGroup, grantsRepository } from '../data-access/grants-repository.ts';
import { type QuestionVersion, questionsRepository } from '../data-access/questions-repository.ts';
import { lessonsRepository } from '../data-access/read-model.ts';
import type { QuizzesDatabase } from '../data-access/schema.ts';
import { optionTextOf, textIn } from './i18n.ts';
import { rightOptionIdsOf, scoreAnswer } from './scoring.ts';

const AUDIT_ACTIONS = { extra_attempt: 'quiz.extra-attempt-granted', pass: 'quiz.pass-recorded' } as const;
const REPORT_PAGE_DEFAULT = 20;

/** The question versions the groups name, by `questionId:version` (each round asks each question once). */
async function versionsOf(db: Kysely<QuizzesDatabase>, groups: readonly AnswerGroup[]) {
  const keys = new Map(groups.map((group) => [`${group.question_id}:${group.version}`, group]));
  const rounds: { questionId: string; version: number }[][] = [];
  for (const { question_id: questionId, version } of keys.values()) {
    const round = rounds.find((shown) => !shown.some((one) => one.questionId === questionId));
    if (round) round.push({ questionId, version });
    else rounds.push([{ questionId, version }]);
  }
  const found = new Map<string, QuestionVersion>();
  for (const round of rounds)
    for (const version of (await questionsRepository(db).versions(round)).values())
      found.set(`${version.questionId}:${version.version}`, version);
  return found;
}

/** One question version's line of the item analysis, from the groups of answers given to it. */
function analysed(version: QuestionVersion, groups: readonly AnswerGroup[], language: Language) {
  const answered = groups.reduce((sum, group) => sum + group.count, 0);
  const correct = groups
    .filter((group) => scoreAnswer(version.content, version.optionIds, group.answer) === 1)
    .reduce((sum, group) => sum + group.count, 0);
  const { type } = version.content;
  let mostChosenWrong: QuizReport['questions'][number]['mostChosenWrong'] = null;
  if (type === 'single' || type === 'multiple' || type === 'true_false') {
    const right = new Set(rightOptionIdsOf(version.content, version.optionIds));
    const chosen = new Map<string, number>();
    for (const group of groups)
      for (const optionId of new Set(group.answer.optionIds ?? []))
        if (!right.has(optionId)) chosen.set(optionId, (chosen.get(optionId) ?? 0) + group.count);
    for (const [optionId, count] of chosen)
      if (!mostChosenWrong || count > mostChosenWrong.count)
        mostChosenWrong = { optionId, text: optionTextOf(version, optionId, language), count };
  }
  return {
    questionId: version.questionId,
    version: version.version,
    type,
    text: textIn(version.content.texts, language),
    answered,
    correctShare: answered === 0 ? 0 : Math.round((correct / answered) * 10_000) / 10_000,
    mostChosenWrong,
  };
}

/** Administrators' grants to learners at quiz lessons, and the quiz report. */
export function quizGrants({ db, now }: { db: Kysely<QuizzesDatabase>; now: () => Date }) {
  const lessons = lessonsRepository(db);
  const grants = grantsRepository(db);

  async function knownQuiz(lessonId: string) {
    const lesson = await lessons.quizLesson(lessonId);
    if (!lesson) throw notFound('No such quiz');
    return lesson;
  }

  return {
    /**
     * Grants the learner an extra attempt, or records a pass for them: published as `quiz.passed` (recorded: true)
     * in the same transaction, so the course's completion by rule follows as for a passing attempt.
     */
    async grant(lessonId: string, input: QuizGrantInput, audit: AuditContext): Promise<QuizGrant> {
      const lesson = await knownQuiz(lessonId);
      const grantedAt = now();
      const grant = { grantId: randomUUID(), lessonId, courseId: lesson.course_id, ...input, grantedAt };
      await grants.insert(
        grant,
        {
          ...audit,
          action: AUDIT_ACTIONS[input.kind],
          object: { type: 'quiz', id: lessonId },
          outcome: 'success',
          details: { userId: input.userId, reason: input.reason },
        },
        async (trx) => {
          if (input.kind !== 'pass') return;
          const mine = await attemptsRepository(trx).mine(lessonId, input.userId);
          const scores = mine.flatMap((attempt) => (attempt.score_percent === null ? [] : [attempt.score_percent]));
          await recordEvent(trx, EVENTS.quizPassed, {
            courseId: lesson.course_id,
            lessonId,
            userId: input.userId,
            attemptId: grant.grantId,
            scorePercent: Math.max(0, ...scores),
            attemptsUsed: mine.length,
            passedAt: grantedAt.toISOString(),
            recorded: true,
          } satisfies QuizPassed);
        },
      );
      return {
        id: grant.grantId,
        lessonId,
        userId: input.userId,
        kind: input.kind,
        reason: input.reason,
        grantedAt: grantedAt.toISOString(),
      };
    },

    /** The item analysis of the lesson's submitted attempts and a page of the people to follow up. */
    async report(
      lessonId: string,
      page: { limit?: number | undefined; offset?: number | undefined },
      language: Language,
    ): Promise<QuizReport> {
      const lesson = await knownQuiz(lessonId);
      const groups = await grants.answerGroups(lessonId);
      const versions = await versionsOf(db, groups);
      const byVersion = new Map<string, AnswerGroup[]>();
      for (const group of groups) {
        const key = `${group.question_id}:${group.version}`;
        byVersion.set(key, [...(byVersion.get(key) ?? []), group]);
      }
      const questions = [...byVersion].flatMap(([key, answers]) => {
        const version = versions.get(key);
        return version ? [analysed(version, answers, language)] : [];
      });
      questions.sort((a, b) => a.questionId.localeCompare(b.questionId) || a.version - b.version);
      const allowed = lesson.settings.attemptsAllowed;
      const people =
        allowed === null
          ? []
          : await grants.followUp(lessonId, allowed, now(), {
              limit: Math.min(page.limit ?? REPORT_PAGE_DEFAULT, QUIZ_LIMITS.reportPageMax),
              offset: page.offset ?? 0,
            });
      return {
        courseId: lesson.course_id,
        questions,
        followUp: {
          total: people[0]?.total ?? 0,
          people: people.map((person) => ({
            userId: person.user_id,
            name: person.name,
            attemptsUsed: person.attempts_used,
            bestScorePercent: person.best_score,
            lastAttemptAt: person.last_attempt_at.toISOString(),
          })),
        },
      };
    },
  };
}
export type QuizGrants = ReturnType<typeof quizGrants>;
