import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { auditRecordSchema } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import type { QuestionInput, QuizSettings } from '@portal/contracts/quizzes';
import { testBackends } from '@portal/kit/testing/backends';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { sql } from 'kysely';
import { startQuizzesService } from '../src/app.ts';
import { loadQuizzesConfig } from '../src/config.ts';

const MINUTE = 60_000;
const ADMIN = { sub: randomUUID(), admin: true, lang: 'en' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
const START = new Date('2026-03-01T09:00:00.000Z');

const SINGLE: QuestionInput = {
  type: 'single',
  texts: { en: 'Which extinguisher for a grease fire?', de: 'Welcher Löscher bei Fettbrand?' },
  options: [
    { texts: { en: 'Class F', de: 'Klasse F' }, weight: 100, feedback: { en: 'Right: it cools and smothers.' } },
    { texts: { en: 'Water', de: 'Wasser' }, weight: 0, feedback: { en: 'Water makes it explode.' } },
  ],
};
const TRUE_FALSE: QuestionInput = {
  type: 'true_false',
  texts: { en: 'Lifts may be used in a fire.', de: 'Aufzüge dürfen im Brandfall benutzt werden.' },
  answer: false,
};
const SHORT: QuestionInput = {
  type: 'short_answer',
  texts: { en: 'Who do you call for a fire in Geneva (in French)?' },
  answers: [{ text: 'Les Pompiers', weight: 100 }],
};

describe.each(testBackends())('the quizzes service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startQuizzesService>>;
  let clock = START;
  const admin = () => signedCaller(service.url, ADMIN);
  const as = (userId: string, lang: 'en' | 'de' = 'en') =>
    signedCaller(service.url, { sub: userId, admin: false, lang });
  const publish = (topic: string, payload: unknown) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id: randomUUID(), topic, payload });

  /** A published course with the given questions and one quiz lesson of the given settings. */
  async function quiz(settings: Partial<QuizSettings> = {}, questions: QuestionInput[] = [SINGLE, TRUE_FALSE, SHORT]) {
    const courseId = randomUUID();
    const lessonId = randomUUID();
    const course = { courseId, titles: { en: 'Fire safety' }, defaultLanguage: 'en', completionProof: 'confirmation' };
    expect((await publish(EVENTS.courseChanged, { ...course, published: true })).status).toBe(200);
    expect((await publish(EVENTS.lessonChanged, { lessonId, courseId, kind: 'quiz' })).status).toBe(200);
    const ids = [];
    for (const question of questions) {
      const created = await admin().post(`/api/courses/${courseId}/questions`, question);
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const full = { ...(await admin().get(`/api/lessons/${lessonId}/quiz`)).body, ...settings };
    expect((await admin().put(`/api/lessons/${lessonId}/quiz`, full)).status).toBe(200);
    return { courseId, lessonId, questionIds: ids };
  }

  /** Answers that get every question of the attempt right (looked up as the administrator sees the bank). */
  async function rightAnswers(courseId: string, attempt: { questions: { id: string }[] }) {
    const bank = (await admin().get(`/api/courses/${courseId}/questions`)).body as {
      id: string;
      question: QuestionInput;
      optionIds: string[];
    }[];
    return attempt.questions.map(({ id }) => {
      const { question, optionIds } = bank.find((entry) => entry.id === id)!;
      if (question.type === 'single') return { questionId: id, optionIds: [optionIds[0]!] };
      if (question.type === 'true_false') return { questionId: id, optionIds: [String(question.answer)] };
      return { questionId: id, text: ' les POMPIERS ' };
    });
  }

  beforeAll(async () => {
    setup = await componentSetup(backend, 'quizzes');
    service = await startQuizzesService(loadQuizzesConfig(setup.env), { now: () => clock });
  });

  afterAll(() => setup?.close(service));

  it('when an attempt starts, then its payload has the questions in the learner’s language and nothing of what is right', async () => {
    const { lessonId } = await quiz();
    const attempt = await as(randomUUID(), 'de').post(`/api/lessons/${lessonId}/attempts`);
    expect(attempt.status).toBe(201);
    expect(attempt.body.endsAt).toBeNull();
    expect(attempt.body.questions).toHaveLength(3);
    const text = JSON.stringify(attempt.body);
    for (const secret of ['"weight"', '"answer', '"feedback', '"correct"', 'ompiers', 'cools'])
      expect(text).not.toContain(secret);
    const single = attempt.body.questions.find((q: { type: string }) => q.type === 'single');
    expect(single.text).toBe('Welcher Löscher bei Fettbrand?');
    expect(single.options.map((o: { text: string }) => o.text).sort()).toEqual(['Klasse F', 'Wasser']);
    const trueFalse = attempt.body.questions.find((q: { type: string }) => q.type === 'true_false');
    expect(trueFalse.options).toEqual([
      { id: 'true', text: 'Wahr' },
      { id: 'false', text: 'Falsch' },
    ]);
  });

  it('when an attempt is submitted twice (two tabs), then it is graded once and the second is refused', async () => {
    const { lessonId, courseId } = await quiz({ passPercent: 60 });
    const learner = as(randomUUID());
    const attempt = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    const answers = await rightAnswers(courseId, attempt);
    expect((await learner.put(`/api/attempts/${attempt.id}/answers`, { answers: answers.slice(0, 2) })).status).toBe(
      204,
    );
    const [first, second] = await Promise.all([
      learner.post(`/api/attempts/${attempt.id}/submit`),
      learner.post(`/api/attempts/${attempt.id}/submit`),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const graded = first.status === 200 ? first.body : second.body;
    expect(graded).toMatchObject({ scorePercent: 66.67, passed: true });
    expect([first, second].find((answer) => answer.status === 409)?.body.error.code).toBe('attempt_closed');
    const late = await learner.put(`/api/attempts/${attempt.id}/answers`, { answers: answers.slice(2) });
    expect(late.body.error.code).toBe('attempt_closed');
  });

  it('when answers name a question not in the attempt or an option not in the question, then they are refused and nothing is saved', async () => {
    const { lessonId } = await quiz();
    const learner = as(randomUUID());
    const attempt = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    const foreign = await learner.put(`/api/attempts/${attempt.id}/answers`, {
      answers: [
        { questionId: attempt.questions[0].id, optionIds: [attempt.questions[0].options[0]?.id ?? 'x'] },
        { questionId: randomUUID(), optionIds: ['true'] },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'answers.1.questionId', code: 'question_not_in_attempt' }],
    });
    const wrongOption = await learner.put(`/api/attempts/${attempt.id}/answers`, {
      answers: [{ questionId: attempt.questions[0].id, optionIds: ['not-an-option'] }],
    });
    expect(wrongOption.body.error.issues).toEqual([{ path: 'answers.0.optionIds', code: 'option_not_in_question' }]);
    expect((await learner.get(`/api/attempts/${attempt.id}`)).body.answers).toEqual([]);
    expect((await as(randomUUID()).get(`/api/attempts/${attempt.id}`)).status).toBe(404);
  });

  it('when a learner fails then passes, then quiz.passed is recorded once, for the passing attempt, with its evidence', async () => {
    const { lessonId, courseId } = await quiz({ passPercent: 100 });
    const userId = randomUUID();
    const learner = as(userId);
    clock = START;
    const passedEvents = async () =>
      (
        await sql<{ payload: unknown }>`select payload from outbox where topic = ${EVENTS.quizPassed}
          and payload->>'lessonId' = ${lessonId} order by id`.execute(service.database.db)
      ).rows.map((row) => row.payload);
    const first = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    expect((await learner.post(`/api/attempts/${first.id}/submit`)).body.passed).toBe(false);
    expect(await passedEvents()).toEqual([]);
    const second = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    await learner.put(`/api/attempts/${second.id}/answers`, { answers: await rightAnswers(courseId, second) });
    expect((await learner.post(`/api/attempts/${second.id}/submit`)).body.passed).toBe(true);
    expect(await passedEvents()).toEqual([
      {
        courseId,
        lessonId,
        userId,
        attemptId: second.id,
        scorePercent: 100,
        attemptsUsed: 2,
        passedAt: START.toISOString(),
      },
    ]);
  });

  it('when a learner fails their last allowed attempt, then quiz.attempts-exhausted is recorded once, for that attempt', async () => {
    const { lessonId, courseId } = await quiz({ passPercent: 100, attemptsAllowed: 2, waitMinutes: 0 });
    const userId = randomUUID();
    const learner = as(userId);
    clock = START;
    const exhaustedEvents = async () =>
      (
        await sql<{ payload: unknown }>`select payload from outbox where topic = ${EVENTS.quizAttemptsExhausted}
          and payload->>'lessonId' = ${lessonId} order by id`.execute(service.database.db)
      ).rows.map((row) => row.payload);
    const first = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    expect((await learner.post(`/api/attempts/${first.id}/submit`)).body.passed).toBe(false);
    expect(await exhaustedEvents()).toEqual([]);
    const last = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    expect((await learner.post(`/api/attempts/${last.id}/submit`)).body.passed).toBe(false);
    expect((await learner.post(`/api/attempts/${last.id}/submit`)).status).toBe(409);
    expect((await learner.post(`/api/lessons/${lessonId}/attempts`)).body.error.code).toBe('attempts_exhausted');
    expect(await exhaustedEvents()).toEqual([
      {
        courseId,
        lessonId,
        userId,
        attemptId: last.id,
        scorePercent: 0,
        attemptsUsed: 2,
        exhaustedAt: START.toISOString(),
      },
    ]);
  });

  it('when the bank or a quiz’s settings change, then each change is in the audit trail', async () => {
    const { courseId, lessonId, questionIds } = await quiz({ passPercent: 70 });
    const [single = ''] = questionIds;
    expect((await admin().put(`/api/questions/${single}`, { ...SINGLE, tags: ['extinguishers'] })).status).toBe(200);
    expect((await admin().delete(`/api/questions/${single}`)).status).toBe(204);
    expect((await admin().delete(`/api/questions/${single}`)).status).toBe(404);
    const records = (
      await sql<{ payload: unknown }>`select payload from outbox where topic = ${EVENTS.auditRecorded}
        and (payload->'details'->>'courseId' = ${courseId} or payload->'object'->>'id' = ${lessonId}) order by id`.execute(
        service.database.db,
      )
    ).rows.map((row) => auditRecordSchema.parse(row.payload));
    expect(records.map((record) => [record.action, record.object.type, record.object.id, record.object.label])).toEqual(
      [
        ['question.created', 'question', single, 'Which extinguisher for a grease fire?'],
        ['question.created', 'question', questionIds[1], 'Lifts may be used in a fire.'],
        ['question.created', 'question', questionIds[2], 'Who do you call for a fire in Geneva (in French)?'],
        ['quiz.settings-changed', 'quiz', lessonId, undefined],
        ['question.updated', 'question', single, 'Which extinguisher for a grease fire?'],
        ['question.deleted', 'question', single, 'Which extinguisher for a grease fire?'],
      ],
    );
    expect(records.every((record) => record.actor.id === ADMIN.sub && record.service === 'quizzes')).toBe(true);
    expect(records[3]?.changes).toEqual({ passPercent: { before: 80, after: 70 } });
  });

  it('when the attempts are used up, then another is refused; with a wait, the next waits until its time', async () => {
    const { lessonId } = await quiz({ attemptsAllowed: 2, waitMinutes: 30, feedback: 'answers', passPercent: 100 });
    const learner = as(randomUUID());
    clock = START;
    const first = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    const again = await learner.post(`/api/lessons/${lessonId}/attempts`);
    expect(again.body.id).toBe(first.id);
    const failed = await learner.post(`/api/attempts/${first.id}/submit`);
    expect(failed.body).toMatchObject({ scorePercent: 0, passed: false });
    expect(failed.body.feedback[0].rightOptionIds).toBeUndefined();
    const waiting = await learner.post(`/api/lessons/${lessonId}/attempts`);
    expect(waiting.status).toBe(409);
    expect(waiting.body.error.code).toBe('wait_until');
    expect(waiting.body.error.message).toContain(new Date(START.getTime() + 30 * MINUTE).toISOString());
    expect(waiting.headers.get('retry-after')).toBe(String(30 * 60));
    clock = new Date(START.getTime() + 31 * MINUTE);
    const second = await learner.post(`/api/lessons/${lessonId}/attempts`);
    expect(second.status).toBe(201);
    const lastTry = await learner.post(`/api/attempts/${second.body.id}/submit`);
    expect(lastTry.body.feedback[0].rightOptionIds ?? lastTry.body.feedback[0].rightText).toBeDefined();
    clock = new Date(START.getTime() + 120 * MINUTE);
    const exhausted = await learner.post(`/api/lessons/${lessonId}/attempts`);
    expect(exhausted.status).toBe(409);
    expect(exhausted.body.error.code).toBe('attempts_exhausted');
    const mine = await learner.get(`/api/lessons/${lessonId}/attempts/mine`);
    expect(mine.body).toMatchObject({ attemptsLeft: 0, nextAttemptAt: null });
    expect(mine.body.attempts).toHaveLength(2);
  });

  it('when the time limit passes, then saves are refused and the submission is graded with what was saved in time', async () => {
    const { lessonId, courseId } = await quiz({ timeLimitMinutes: 10, passPercent: 30 });
    const learner = as(randomUUID());
    clock = START;
    const attempt = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    expect(attempt.endsAt).toBe(new Date(START.getTime() + 10 * MINUTE).toISOString());
    const answers = await rightAnswers(courseId, attempt);
    await learner.put(`/api/attempts/${attempt.id}/answers`, { answers: answers.slice(0, 1) });
    clock = new Date(START.getTime() + 11 * MINUTE);
    const late = await learner.put(`/api/attempts/${attempt.id}/answers`, { answers: answers.slice(1) });
    expect(late.body.error.code).toBe('attempt_closed');
    const graded = await learner.post(`/api/attempts/${attempt.id}/submit`);
    expect(graded.body).toMatchObject({ scorePercent: 33.33, passed: true });
  });

  it('when a question is edited after an attempt showed it, then a new version is made and the old score stays', async () => {
    const { lessonId, courseId, questionIds } = await quiz({ passPercent: 100, feedback: 'score' }, [SINGLE]);
    const learner = as(randomUUID());
    clock = START;
    const attempt = (await learner.post(`/api/lessons/${lessonId}/attempts`)).body;
    const [answer] = await rightAnswers(courseId, attempt);
    await learner.put(`/api/attempts/${attempt.id}/answers`, { answers: [answer] });
    const swapped = {
      ...SINGLE,
      options: SINGLE.type === 'single' ? SINGLE.options.map((o) => ({ ...o, weight: 100 - o.weight })) : [],
    };
    const edited = await admin().put(`/api/questions/${questionIds[0]}`, swapped);
    expect(edited.body.version).toBe(2);
    const graded = await learner.post(`/api/attempts/${attempt.id}/submit`);
    expect(graded.body).toEqual({ scorePercent: 100, passed: true, feedback: [] });
    expect((await learner.get(`/api/attempts/${attempt.id}`)).body.scorePercent).toBe(100);
    // Edits of a version no attempt showed stay in it.
    expect((await admin().put(`/api/questions/${questionIds[0]}`, SINGLE)).body.version).toBe(2);
  });

  it('when input is bad or the caller may not, then it is refused with its code', async () => {
    const { courseId, lessonId } = await quiz();
    const options = Array.from({ length: 10_000 }, () => ({}));
    const huge = await admin().post(`/api/courses/${courseId}/questions`, {
      type: 'multiple',
      texts: { en: '?' },
      options,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error.issues).toEqual([{ path: 'options', code: 'options_count' }]);
    expect((await as(randomUUID()).post(`/api/courses/${courseId}/questions`, SINGLE)).status).toBe(403);
    expect((await admin().post(`/api/courses/${randomUUID()}/questions`, SINGLE)).status).toBe(404);
    expect((await admin().get(`/api/lessons/${randomUUID()}/quiz`)).status).toBe(404);
    const textLesson = randomUUID();
    await publish(EVENTS.lessonChanged, { lessonId: textLesson, courseId, kind: 'text' });
    expect((await admin().get(`/api/lessons/${textLesson}/quiz`)).status).toBe(404);
    const settings = await admin().put(`/api/lessons/${lessonId}/quiz`, { draw: { mode: 'random', count: 0 } });
    expect(settings.body.error.code).toBe('validation_failed');
  });

  it('when the course is a draft, then learners cannot reach its quiz; deleting the account takes its attempts', async () => {
    const { courseId, lessonId } = await quiz();
    const userId = randomUUID();
    expect((await as(userId).post(`/api/lessons/${lessonId}/attempts`)).status).toBe(201);
    const course = { courseId, titles: { en: 'Fire safety' }, defaultLanguage: 'en', completionProof: 'confirmation' };
    await publish(EVENTS.courseChanged, { ...course, published: false });
    expect((await as(userId).post(`/api/lessons/${lessonId}/attempts`)).status).toBe(404);
    await publish(EVENTS.userDeleted, { userId });
    const left = await sql<{ n: number }>`select count(*)::int as n from attempts where user_id = ${userId}`.execute(
      service.database.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
