import { randomInt, randomUUID } from 'node:crypto';
import { EVENTS, type QuizAttemptsExhausted, type QuizPassed } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import type { AttemptAnswer, QuizSettings } from '@portal/contracts/quizzes';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import type { Identity } from '@portal/kit/identity';
import { AppError, badRequest, notFound } from '@portal/kit/errors';
import { recordEvent } from '@portal/kit/events';
import type { Kysely } from 'kysely';
import { attemptsRepository } from '../data-access/attempts-repository.ts';
import { grantsRepository } from '../data-access/grants-repository.ts';
import { type QuestionVersion, questionsRepository } from '../data-access/questions-repository.ts';
import { lessonsRepository } from '../data-access/read-model.ts';
import type { QuizzesDatabase, SavedAnswers, ShownQuestion } from '../data-access/schema.ts';
import { drawQuestions, seededRandom, shuffled } from './draw.ts';
import { optionTextOf, textIn } from './i18n.ts';
import { rightOptionIdsOf, scoreAnswer, scorePercentOf } from './scoring.ts';

const MINUTE_MS = 60_000;
const attemptClosed = () => new AppError(409, 'attempt_closed', 'The attempt is submitted or out of time');

/** The version an attempt showed: kept with every attempt that showed it (deleting a question keeps its versions). */
function versionOf(versions: Map<string, QuestionVersion>, questionId: string): QuestionVersion {
  const version = versions.get(questionId);
  if (!version) throw new Error(`question ${questionId}: the version an attempt showed is missing`);
  return version;
}

type ExtraAttempts = Awaited<ReturnType<ReturnType<typeof grantsRepository>['extraAttempts']>>;

type AttemptRow = NonNullable<Awaited<ReturnType<ReturnType<typeof attemptsRepository>['get']>>>;

/** The order an attempt shows a question's options in: shuffled when the quiz says so, an ordering's items always. */
function shownOrder(version: QuestionVersion, shuffle: boolean, random: () => number): string[] {
  const { type } = version.content;
  if (type === 'ordering' || (shuffle && (type === 'single' || type === 'multiple')))
    return shuffled(version.optionIds, random);
  return version.optionIds;
}

/** A question as the learner sees it: its text and options in their language, nothing of which is right. */
function learnerQuestion(version: QuestionVersion, shown: ShownQuestion, language: Language) {
  return {
    id: version.questionId,
    type: version.content.type,
    text: textIn(version.content.texts, language),
    options: shown.optionIds.map((id) => ({ id, text: optionTextOf(version, id, language) })),
  };
}

/** The feedback texts of what the learner chose, and the question's own. */
function feedbackTexts(version: QuestionVersion, answer: SavedAnswers[string] | undefined, language: Language) {
  const question = version.content;
  const chosen = new Set(answer?.optionIds ?? []);
  const texts = [];
  if (question.type === 'single' || question.type === 'multiple')
    texts.push(
      ...question.options.filter((_, index) => chosen.has(version.optionIds[index] ?? '')).map((o) => o.feedback),
    );
  if (question.type === 'true_false')
    texts.push(chosen.has('true') ? question.feedbackTrue : chosen.has('false') ? question.feedbackFalse : undefined);
  texts.push(question.feedback);
  return texts.flatMap((text) => (text ? [textIn(text, language)] : []));
}

/** The settings an administrator changed, before and after. */
function settingsChanges(before: QuizSettings, after: QuizSettings): NonNullable<AuditDraft['changes']> {
  const changes: NonNullable<AuditDraft['changes']> = {};
  for (const key of Object.keys(after) as (keyof QuizSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { before: before[key], after: after[key] };
    }
  }
  return changes;
}

/** Attempts at quiz lessons: started with a seeded draw, answers saved as they go, graded on the server once. */
export function attempts({ db, now }: { db: Kysely<QuizzesDatabase>; now: () => Date }) {
  const lessons = lessonsRepository(db);
  const questions = questionsRepository(db);
  const rows = attemptsRepository(db);
  const grants = grantsRepository(db);

  /** A quiz lesson the person may take: a known one, of a published course unless they administer. */
  async function reachableQuiz(lessonId: string, identity: Identity) {
    const lesson = await lessons.quizLesson(lessonId);
    if (!lesson || (!lesson.published && !identity.admin)) throw notFound('No such quiz');
    return lesson;
  }

  function isOpen(attempt: Pick<AttemptRow, 'submitted_at' | 'ends_at'>, at: Date) {
    return attempt.submitted_at === null && (attempt.ends_at === null || attempt.ends_at > at);
  }

  /**
   * When the learner may start their next attempt (null: now), and how many they have left (null: unlimited). Each
   * extra attempt an administrator granted adds one, and one granted since the last attempt lifts the wait.
   */
  function allowance(settings: QuizSettings, mine: readonly AttemptRow[], extra: ExtraAttempts) {
    const attemptsLeft =
      settings.attemptsAllowed === null ? null : Math.max(0, settings.attemptsAllowed + extra.count - mine.length);
    const last = mine.at(-1);
    const lastEnd = last && (last.submitted_at ?? last.ends_at);
    const waitLifted = lastEnd && extra.lastAt && extra.lastAt >= lastEnd;
    const nextAt =
      lastEnd && settings.waitMinutes > 0 && !waitLifted
        ? new Date(lastEnd.getTime() + settings.waitMinutes * MINUTE_MS)
        : null;
    return { attemptsLeft, nextAt: nextAt && nextAt > now() ? nextAt : null };
  }

  function graded(attempt: AttemptRow, settings: QuizSettings, versions: Map<string, QuestionVersion>) {
    const shares = attempt.shown.map((shown) => {
      const version = versionOf(versions, shown.questionId);
      return scoreAnswer(version.content, version.optionIds, attempt.answers[shown.questionId]);
    });
    const scorePercent = scorePercentOf(shares);
    return { shares, scorePercent, passed: scorePercent >= settings.passPercent };
  }

  /** What the learner is told of each question, as the feedback mode allows (right answers once passed or out of attempts). */
  function feedbackOf(
    attempt: AttemptRow,
    settings: QuizSettings,
    versions: Map<string, QuestionVersion>,
    shares: number[],
    showAnswers: boolean,
    language: Language,
  ) {
    if (settings.feedback === 'score') return [];
    return attempt.shown.map((shown, index) => {
      const version = versionOf(versions, shown.questionId);
      const share = shares[index] ?? 0;
      const right =
        settings.feedback === 'answers' && showAnswers
          ? version.content.type === 'short_answer'
            ? { rightText: version.content.answers.find((answer) => answer.weight === 100)?.text ?? '' }
            : { rightOptionIds: rightOptionIdsOf(version.content, version.optionIds) }
          : {};
      return {
        questionId: shown.questionId,
        scorePercent: Math.round(share * 10_000) / 100,
        correct: share === 1,
        feedback: feedbackTexts(version, attempt.answers[shown.questionId], language),
        ...right,
      };
    });
  }

  async function view(attempt: AttemptRow, settings: QuizSettings, language: Language) {
    const versions = await questions.versions(attempt.shown);
    const base = {
      id: attempt.attempt_id,
      lessonId: attempt.lesson_id,
      questions: attempt.shown.map((shown) => learnerQuestion(versionOf(versions, shown.questionId), shown, language)),
      answers: Object.entries(attempt.answers).map(([questionId, answer]) => ({ questionId, ...answer })),
      startedAt: attempt.started_at.toISOString(),
      endsAt: attempt.ends_at?.toISOString() ?? null,
      submittedAt: attempt.submitted_at?.toISOString() ?? null,
      scorePercent: attempt.score_percent,
      passed: attempt.passed,
      feedback: null,
    };
    if (attempt.submitted_at === null) return base;
    const { shares } = graded(attempt, settings, versions);
    const mine = await rows.mine(attempt.lesson_id, attempt.user_id);
    const extra = await grants.extraAttempts(attempt.lesson_id, attempt.user_id);
    const showAnswers = attempt.passed === true || allowance(settings, mine, extra).attemptsLeft === 0;
    return { ...base, feedback: feedbackOf(attempt, settings, versions, shares, showAnswers, language) };
  }

  async function ownAttempt(attemptId: string, identity: Identity, { orAdmin = false } = {}) {
    const attempt = await rows.get(attemptId);
    if (!attempt || (attempt.user_id !== identity.sub && !(orAdmin && identity.admin)))
      throw notFound('No such attempt');
    return attempt;
  }

  return {
    /**
     * Starts an attempt, or answers the learner's open one (a second tab resumes it). Refused when no attempt is
     * left (`attempts_exhausted`) or the wait since the last one is not over (`wait_until`, with Retry-After).
     */
    async start(lessonId: string, identity: Identity & { sub: string }, language: Language) {
      const lesson = await reachableQuiz(lessonId, identity);
      const settings = lesson.settings;
      const at = now();
      const attempt = await rows.forLearner(lessonId, identity.sub, async (trx) => {
        const mine = await rows.mine(lessonId, identity.sub, trx);
        const open = mine.find((attempt) => isOpen(attempt, at));
        if (open) return open;
        const extra = await grantsRepository(trx).extraAttempts(lessonId, identity.sub);
        const { attemptsLeft, nextAt } = allowance(settings, mine, extra);
        if (attemptsLeft === 0) throw new AppError(409, 'attempts_exhausted', 'No attempt is left');
        if (nextAt)
          throw new AppError(409, 'wait_until', `The next attempt may start at ${nextAt.toISOString()}`, {
            headers: { 'Retry-After': String(Math.ceil((nextAt.getTime() - at.getTime()) / 1000)) },
          });
        const seed = randomInt(2 ** 31);
        const random = seededRandom(seed);
        // Within the learner's transaction: an embedded database has one connection.
        const bank = questionsRepository(trx);
        const drawn = drawQuestions(await bank.candidates(lesson.course_id), settings.draw, random);
        const versions = await bank.pinCurrent(drawn);
        const shown = versions.map((version) => ({
          questionId: version.questionId,
          version: version.version,
          optionIds: shownOrder(version, settings.shuffle, random),
        }));
        const created = {
          attemptId: randomUUID(),
          lessonId,
          courseId: lesson.course_id,
          userId: identity.sub,
          seed,
          shown,
          startedAt: at,
          endsAt:
            settings.timeLimitMinutes === null ? null : new Date(at.getTime() + settings.timeLimitMinutes * MINUTE_MS),
        };
        await rows.insert(trx, created);
        const stored = await rows.get(created.attemptId, trx);
        if (!stored) throw new Error('the attempt just stored is not there');
        return stored;
      });
      const { id, questions: shownQuestions, endsAt } = await view(attempt, settings, language);
      return { id, questions: shownQuestions, endsAt };
    },

    /** Saves answers to an open attempt; an answer to a question it did not show, or an option not there, is refused. */
    async saveAnswers(attemptId: string, identity: Identity & { sub: string }, answers: AttemptAnswer[]) {
      const attempt = await ownAttempt(attemptId, identity);
      if (!isOpen(attempt, now())) throw attemptClosed();
      const shown = new Map(attempt.shown.map((question) => [question.questionId, question]));
      const issues = answers.flatMap((answer, index) => {
        const question = shown.get(answer.questionId);
        if (!question) return [{ path: `answers.${index}.questionId`, code: 'question_not_in_attempt' }];
        const known = new Set(question.optionIds);
        const unknown = [...(answer.optionIds ?? []), ...(answer.order ?? [])].some((id) => !known.has(id));
        return unknown ? [{ path: `answers.${index}.optionIds`, code: 'option_not_in_question' }] : [];
      });
      if (issues.length > 0) throw badRequest('The answers are not valid', issues);
      const saved: SavedAnswers = Object.fromEntries(answers.map(({ questionId, ...answer }) => [questionId, answer]));
      if (!(await rows.saveAnswers(attemptId, identity.sub, saved, now()))) throw attemptClosed();
    },

    /**
     * Grades the attempt with the answers saved, once: a second submission (another tab) is refused. After the
     * time limit it is graded with what was saved in time (later saves were refused).
     */
    async submit(attemptId: string, identity: Identity & { sub: string }, language: Language) {
      await ownAttempt(attemptId, identity);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const attempt = await rows.lockForSubmit(trx, attemptId);
        if (!attempt || attempt.submitted_at !== null) throw attemptClosed();
        const lesson = await lessonsRepository(trx).quizLesson(attempt.lesson_id);
        if (!lesson) throw notFound('No such quiz');
        const versions = await questionsRepository(trx).versions(attempt.shown);
        const { shares, scorePercent, passed } = graded(attempt, lesson.settings, versions);
        const recorded = await rows.submit(trx, attemptId, { scorePercent, passed, at });
        if (!recorded) throw attemptClosed();
        const mine = await rows.mine(attempt.lesson_id, attempt.user_id, trx);
        if (passed)
          await recordEvent(trx, EVENTS.quizPassed, {
            courseId: lesson.course_id,
            lessonId: attempt.lesson_id,
            userId: attempt.user_id,
            attemptId,
            scorePercent,
            attemptsUsed: mine.length,
            passedAt: at.toISOString(),
          } satisfies QuizPassed);
        const extra = await grantsRepository(trx).extraAttempts(attempt.lesson_id, attempt.user_id);
        const exhausted = allowance(lesson.settings, mine, extra).attemptsLeft === 0;
        // The last allowed attempt failed, never passed before: someone for the administrators to follow up.
        if (!passed && exhausted && !mine.some((earlier) => earlier.passed))
          await recordEvent(trx, EVENTS.quizAttemptsExhausted, {
            courseId: lesson.course_id,
            lessonId: attempt.lesson_id,
            userId: attempt.user_id,
            attemptId,
            scorePercent,
            attemptsUsed: mine.length,
            exhaustedAt: at.toISOString(),
          } satisfies QuizAttemptsExhausted);
        const showAnswers = passed || exhausted;
        return {
          scorePercent,
          passed,
          feedback: feedbackOf(attempt, lesson.settings, versions, shares, showAnswers, language),
        };
      });
    },

    async get(attemptId: string, identity: Identity, language: Language) {
      const attempt = await ownAttempt(attemptId, identity, { orAdmin: true });
      const lesson = await lessons.quizLesson(attempt.lesson_id);
      if (!lesson) throw notFound('No such attempt');
      return view(attempt, lesson.settings, language);
    },

    async mine(lessonId: string, identity: Identity & { sub: string }) {
      const lesson = await reachableQuiz(lessonId, identity);
      const mine = await rows.mine(lessonId, identity.sub);
      const extra = await grants.extraAttempts(lessonId, identity.sub);
      const { attemptsLeft, nextAt } = allowance(lesson.settings, mine, extra);
      return {
        attempts: mine.map((attempt) => ({
          id: attempt.attempt_id,
          startedAt: attempt.started_at.toISOString(),
          submittedAt: attempt.submitted_at?.toISOString() ?? null,
          scorePercent: attempt.score_percent,
          passed: attempt.passed,
        })),
        attemptsLeft,
        nextAttemptAt: nextAt?.toISOString() ?? null,
      };
    },

    /** A quiz lesson's settings (administrators, and learners of a published course). */
    async settings(lessonId: string, identity: Identity) {
      return (await reachableQuiz(lessonId, identity)).settings;
    },

    async saveSettings(lessonId: string, settings: QuizSettings, audit: AuditContext) {
      const saved = await lessons.saveSettings(lessonId, settings, (before) => ({
        ...audit,
        action: 'quiz.settings-changed',
        object: { type: 'quiz', id: lessonId },
        outcome: 'success',
        changes: settingsChanges(before, settings),
      }));
      if (!saved) throw notFound('No such quiz');
      return settings;
    },
  };
}
export type Attempts = ReturnType<typeof attempts>;
