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
    { texts: { en: 'Class F', de: 'Klasse F' }, weight: 100 },
    { texts: { en: 'Water', de: 'Wasser' }, weight: 0 },
    { texts: { en: 'Foam', de: 'Schaum' }, weight: 0 },
  ],
};
const TRUE_FALSE: QuestionInput = {
  type: 'true_false',
  texts: { en: 'Lifts may be used in a fire.', de: 'Aufzüge dürfen im Brandfall benutzt werden.' },
  answer: false,
};

describe.each(testBackends())('quiz grants and the quiz report on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startQuizzesService>>;
  let clock = START;
  const admin = (lang: 'en' | 'de' = 'en') => signedCaller(service.url, { ...ADMIN, lang });
  const as = (userId: string) => signedCaller(service.url, { sub: userId, admin: false, lang: 'en' });
  const publish = (topic: string, payload: unknown) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id: randomUUID(), topic, payload });
  const outbox = async (topic: string, lessonId: string) =>
    (
      await sql<{ payload: unknown }>`select payload from outbox where topic = ${topic}
        and (payload->>'lessonId' = ${lessonId} or payload->'object'->>'id' = ${lessonId}) order by id`.execute(
        service.database.db,
      )
    ).rows.map((row) => row.payload);

  /** A published course with a single choice and a true/false question, and a quiz lesson showing both. */
  async function quiz(settings: Partial<QuizSettings>) {
    const courseId = randomUUID();
    const lessonId = randomUUID();
    const course = { courseId, titles: { en: 'Fire safety' }, defaultLanguage: 'en', completionProof: 'confirmation' };
    expect((await publish(EVENTS.courseChanged, { ...course, published: true })).status).toBe(200);
    expect((await publish(EVENTS.lessonChanged, { lessonId, courseId, kind: 'quiz' })).status).toBe(200);
    const optionIds: Record<string, string[]> = {};
    for (const question of [SINGLE, TRUE_FALSE]) {
      const created = await admin().post(`/api/courses/${courseId}/questions`, question);
      expect(created.status).toBe(201);
      optionIds[question.type] = created.body.optionIds;
    }
    const full = { ...(await admin().get(`/api/lessons/${lessonId}/quiz`)).body, ...settings };
    expect((await admin().put(`/api/lessons/${lessonId}/quiz`, full)).status).toBe(200);
    const [classF = '', water = ''] = optionIds.single ?? [];
    return { courseId, lessonId, classF, water };
  }

  /** One submitted attempt of `userId` with the given choices (by question type); its score. */
  async function attempt(lessonId: string, userId: string, choices: { single?: string; true_false?: string }) {
    const learner = as(userId);
    const started = await learner.post(`/api/lessons/${lessonId}/attempts`);
    expect(started.status).toBe(201);
    const answers = (started.body.questions as { id: string; type: 'single' | 'true_false' }[]).flatMap((question) => {
      const choice = choices[question.type];
      return choice ? [{ questionId: question.id, optionIds: [choice] }] : [];
    });
    expect((await learner.put(`/api/attempts/${started.body.id}/answers`, { answers })).status).toBe(204);
    const submitted = await learner.post(`/api/attempts/${started.body.id}/submit`);
    expect(submitted.status).toBe(200);
    return submitted.body.scorePercent as number;
  }

  beforeAll(async () => {
    setup = await componentSetup(backend, 'quizzes');
    service = await startQuizzesService(loadQuizzesConfig(setup.env), { now: () => clock });
  });

  afterAll(() => setup?.close(service));

  it('when a learner with no attempt left is granted an extra one, then they may start it at once, and it is audited', async () => {
    clock = START;
    const { lessonId, water } = await quiz({ attemptsAllowed: 1, waitMinutes: 60, passPercent: 100 });
    const userId = randomUUID();
    await attempt(lessonId, userId, { single: water });
    const refused = await as(userId).post(`/api/lessons/${lessonId}/attempts`);
    expect(refused.body.error.code).toBe('attempts_exhausted');
    expect((await as(userId).get(`/api/lessons/${lessonId}/attempts/mine`)).body.attemptsLeft).toBe(0);

    clock = new Date(START.getTime() + 5 * MINUTE);
    const granted = await admin().post(`/api/lessons/${lessonId}/grants`, {
      userId,
      kind: 'extra_attempt',
      reason: '  Was called away during the quiz ',
    });
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({
      id: expect.any(String),
      lessonId,
      userId,
      kind: 'extra_attempt',
      reason: 'Was called away during the quiz',
      grantedAt: clock.toISOString(),
    });
    const mine = (await as(userId).get(`/api/lessons/${lessonId}/attempts/mine`)).body;
    expect(mine).toMatchObject({ attemptsLeft: 1, nextAttemptAt: null });
    expect((await as(userId).post(`/api/lessons/${lessonId}/attempts`)).status).toBe(201);
    expect(await outbox(EVENTS.quizPassed, lessonId)).toEqual([]);

    const audit = (await outbox(EVENTS.auditRecorded, lessonId)).map((payload) => auditRecordSchema.parse(payload));
    expect(audit.at(-1)).toMatchObject({
      action: 'quiz.extra-attempt-granted',
      object: { type: 'quiz', id: lessonId },
      actor: { id: ADMIN.sub },
      details: { userId, reason: 'Was called away during the quiz' },
    });
  });

  it('when a pass is recorded, then quiz.passed says it was recorded, with the best score, and it is audited', async () => {
    clock = START;
    const { courseId, lessonId, water, classF } = await quiz({ attemptsAllowed: 2, passPercent: 100 });
    const userId = randomUUID();
    expect(await attempt(lessonId, userId, { single: classF, true_false: 'true' })).toBe(50);
    expect(await attempt(lessonId, userId, { single: water, true_false: 'true' })).toBe(0);

    clock = new Date(START.getTime() + 60 * MINUTE);
    const granted = await admin().post(`/api/lessons/${lessonId}/grants`, {
      userId,
      kind: 'pass',
      reason: 'Passed the practical test on site',
    });
    expect(granted.status).toBe(201);
    expect(await outbox(EVENTS.quizPassed, lessonId)).toEqual([
      {
        courseId,
        lessonId,
        userId,
        attemptId: granted.body.id,
        scorePercent: 50,
        attemptsUsed: 2,
        passedAt: clock.toISOString(),
        recorded: true,
      },
    ]);
    const audit = (await outbox(EVENTS.auditRecorded, lessonId)).map((payload) => auditRecordSchema.parse(payload));
    expect(audit.at(-1)).toMatchObject({
      action: 'quiz.pass-recorded',
      object: { type: 'quiz', id: lessonId },
      details: { userId, reason: 'Passed the practical test on site' },
    });
  });

  it('when a learner or bad input asks for a grant, then it is refused with its code and nothing is stored', async () => {
    const { lessonId } = await quiz({ attemptsAllowed: 1 });
    const userId = randomUUID();
    const grant = { userId, kind: 'extra_attempt', reason: 'Missed it' };
    expect((await as(userId).post(`/api/lessons/${lessonId}/grants`, grant)).status).toBe(403);
    expect((await as(userId).get(`/api/lessons/${lessonId}/quiz-report`)).status).toBe(403);
    expect((await admin().post(`/api/lessons/${randomUUID()}/grants`, grant)).status).toBe(404);
    expect((await admin().get(`/api/lessons/${randomUUID()}/quiz-report`)).status).toBe(404);

    const blank = await admin().post(`/api/lessons/${lessonId}/grants`, { ...grant, reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'reason', code: 'reason_required' }],
    });
    const long = await admin().post(`/api/lessons/${lessonId}/grants`, { ...grant, reason: 'x'.repeat(100_000) });
    expect(long.body.error.issues).toEqual([{ path: 'reason', code: 'reason_too_long' }]);
    const kind = await admin().post(`/api/lessons/${lessonId}/grants`, { ...grant, kind: 'free_pass' });
    expect(kind.body.error.issues).toEqual([{ path: 'kind', code: expect.any(String) }]);
    expect((await admin().get(`/api/lessons/${lessonId}/quiz-report?limit=1000`)).status).toBe(400);

    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from quiz_grants where user_id = ${userId}`.execute(service.database.db);
    expect(stored.rows[0]?.n).toBe(0);
    expect((await as(userId).get(`/api/lessons/${lessonId}/attempts/mine`)).body.attemptsLeft).toBe(1);
  });

  it('when attempts are known, then the report gives each question’s figures and the people to follow up', async () => {
    clock = START;
    const { lessonId, classF, water } = await quiz({ attemptsAllowed: 1, passPercent: 100, timeLimitMinutes: 30 });
    const [passer, wrongOnBoth, halfRight, stillOpen] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    expect(await attempt(lessonId, passer, { single: classF, true_false: 'false' })).toBe(100);
    clock = new Date(START.getTime() + MINUTE);
    expect(await attempt(lessonId, wrongOnBoth, { single: water, true_false: 'true' })).toBe(0);
    clock = new Date(START.getTime() + 2 * MINUTE);
    expect(await attempt(lessonId, halfRight, { single: water, true_false: 'false' })).toBe(50);
    expect((await as(stillOpen).post(`/api/lessons/${lessonId}/attempts`)).status).toBe(201);

    const report = await admin('de').get(`/api/lessons/${lessonId}/quiz-report`);
    expect(report.status).toBe(200);
    const byType = Object.fromEntries(
      (report.body.questions as { type: string }[]).map((question) => [question.type, question]),
    );
    expect(byType.single).toMatchObject({
      version: 1,
      text: 'Welcher Löscher bei Fettbrand?',
      answered: 3,
      correctShare: 0.3333,
      mostChosenWrong: { optionId: water, text: 'Wasser', count: 2 },
    });
    expect(byType.true_false).toMatchObject({
      answered: 3,
      correctShare: 0.6667,
      mostChosenWrong: { optionId: 'true', text: 'Wahr', count: 1 },
    });
    expect(report.body.followUp).toEqual({
      total: 2,
      people: [
        {
          userId: halfRight,
          name: null,
          attemptsUsed: 1,
          bestScorePercent: 50,
          lastAttemptAt: new Date(START.getTime() + 2 * MINUTE).toISOString(),
        },
        {
          userId: wrongOnBoth,
          name: null,
          attemptsUsed: 1,
          bestScorePercent: 0,
          lastAttemptAt: new Date(START.getTime() + MINUTE).toISOString(),
        },
      ],
    });
    const second = await admin().get(`/api/lessons/${lessonId}/quiz-report?limit=1&offset=1`);
    expect(second.body.followUp).toEqual({ total: 2, people: [expect.objectContaining({ userId: wrongOnBoth })] });

    const reason = 'Followed up';
    await admin().post(`/api/lessons/${lessonId}/grants`, { userId: wrongOnBoth, kind: 'extra_attempt', reason });
    await admin().post(`/api/lessons/${lessonId}/grants`, { userId: halfRight, kind: 'pass', reason });
    const after = await admin().get(`/api/lessons/${lessonId}/quiz-report`);
    expect(after.body.followUp).toEqual({ total: 0, people: [] });
  });

  it('when auth announces people, then the report names them by name, and a deleted account’s name goes', async () => {
    clock = START;
    const { lessonId, water } = await quiz({ attemptsAllowed: 1, passPercent: 100 });
    const [zora, anna, unnamed] = [randomUUID(), randomUUID(), randomUUID()];
    for (const userId of [zora, anna, unnamed]) await attempt(lessonId, userId, { single: water });
    const announce = (userId: string, name: string) =>
      publish(EVENTS.userChanged, {
        userId,
        name,
        email: `${name.toLowerCase()}@example.com`,
        language: 'en',
        status: 'active',
        isSysAdmin: false,
      });
    expect((await announce(zora, 'Zora Keller')).status).toBe(200);
    expect((await announce(anna, 'Ana Muster')).status).toBe(200);
    expect((await announce(anna, 'anna Muster')).status).toBe(200);

    const named = await admin().get(`/api/lessons/${lessonId}/quiz-report`);
    expect(
      (named.body.followUp.people as { userId: string; name: string | null }[]).map(({ userId, name }) => ({
        userId,
        name,
      })),
    ).toEqual([
      { userId: anna, name: 'anna Muster' },
      { userId: zora, name: 'Zora Keller' },
      { userId: unnamed, name: null },
    ]);

    expect((await publish(EVENTS.userDeleted, { userId: zora })).status).toBe(200);
    const people = await sql<{
      user_id: string;
    }>`select user_id from people where user_id in (${zora}, ${anna})`.execute(service.database.db);
    expect(people.rows).toEqual([{ user_id: anna }]);
    const after = await admin().get(`/api/lessons/${lessonId}/quiz-report`);
    expect((after.body.followUp.people as { userId: string }[]).map(({ userId }) => userId)).toEqual([anna, unnamed]);
  });
});
