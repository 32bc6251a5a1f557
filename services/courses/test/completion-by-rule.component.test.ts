import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Course, CompletionRequirement } from '@portal/contracts/courses';
import { EVENTS, type QuizPassed } from '@portal/contracts/events';
import type { Lesson } from '@portal/contracts/lessons';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { startCoursesService } from '../src/app.ts';
import { loadCoursesConfig } from '../src/config.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'en' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;

describe.each(testBackends())('a course completed by rule on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startCoursesService>>;
  let admin: ReturnType<typeof signedCaller>;
  let categoryId: string;

  const learner = () => {
    const sub = randomUUID();
    return { sub, caller: signedCaller(service.url, { sub, admin: false, lang: 'en' }) };
  };
  const publish = (topic: string, payload: unknown) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id: randomUUID(), topic, payload });

  /** A published course of a text lesson and a quiz lesson, completed by the given rule. */
  async function course(completionRequires?: CompletionRequirement[]) {
    const created = await admin.post<Course>('/api/courses', {
      title: `Fire safety ${Math.random()}`,
      description: '<p>Where the exits are.</p>',
      isPublished: true,
      categoryIds: [categoryId],
      ...(completionRequires ? { completionRequires } : {}),
    });
    expect(created.status).toBe(201);
    const courseId = created.body.id;
    const lesson = async (kind: 'text' | 'quiz', title: string) => {
      const answer = await admin.post<Lesson>(`/api/courses/${courseId}/lessons`, {
        kind,
        defaultLanguage: 'en',
        texts: { en: { title, body: kind === 'text' ? '<p>Exits</p>' : '' } },
      });
      expect(answer.status).toBe(201);
      return answer.body.id;
    };
    return { courseId, textId: await lesson('text', 'Exits'), quizId: await lesson('quiz', 'Check yourself') };
  }

  const passed = (courseId: string, lessonId: string, userId: string, attemptsUsed = 2): QuizPassed => ({
    courseId,
    lessonId,
    userId,
    attemptId: randomUUID(),
    scorePercent: 87.5,
    attemptsUsed,
    passedAt: '2026-12-01T10:00:00.000Z',
  });
  const completionsOf = async (courseId: string, userId: string) =>
    (
      await sql<{ payload: { evidence?: unknown } }>`
        select payload from outbox where topic = ${EVENTS.completionRecorded}
          and payload->>'courseId' = ${courseId} and payload->>'userId' = ${userId} order by id`.execute(
        service.database.db,
      )
    ).rows.map((row) => row.payload);
  const completedAt = async (caller: ReturnType<typeof signedCaller>, courseId: string) =>
    (
      (await caller.get('/api/courses/participations/mine')).body as { courseId: string; completedAt: string | null }[]
    ).find((participation) => participation.courseId === courseId)?.completedAt ?? null;

  beforeAll(async () => {
    setup = await componentSetup(backend, 'courses');
    service = await startCoursesService(loadCoursesConfig(setup.env));
    admin = signedCaller(service.url, ADMIN);
    categoryId = (await admin.post('/api/categories', { name: `Safety ${Math.random()}` })).body.id as string;
  });

  afterAll(() => setup?.close(service));

  it('when a course is created without a rule, then it keeps completing by hand, as before', async () => {
    const { courseId } = await course();
    expect((await admin.get<Course>(`/api/courses/${courseId}`)).body.completionRequires).toEqual([]);
    const { caller } = learner();
    await caller.post(`/api/courses/register-for-course?courseId=${courseId}`);
    expect((await caller.post(`/api/courses/complete-course?courseId=${courseId}`)).status).toBe(200);
  });

  it('when the quizzes are passed, then the course completes with the attempt as evidence, once', async () => {
    const { courseId, quizId } = await course(['quizzes_passed']);
    const { sub, caller } = learner();
    await caller.post(`/api/courses/register-for-course?courseId=${courseId}`);
    const refused = await caller.post(`/api/courses/complete-course?courseId=${courseId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('completion_by_rule');
    expect(await completedAt(caller, courseId)).toBeNull();

    const pass = passed(courseId, quizId, sub);
    expect((await publish(EVENTS.quizPassed, pass)).status).toBe(200);
    expect(await completedAt(caller, courseId)).not.toBeNull();
    // A later passing attempt changes nothing: the course is completed already.
    expect((await publish(EVENTS.quizPassed, { ...passed(courseId, quizId, sub), scorePercent: 100 })).status).toBe(
      200,
    );
    const { attemptId, scorePercent, attemptsUsed, passedAt } = pass;
    expect(await completionsOf(courseId, sub)).toEqual([
      expect.objectContaining({
        courseId,
        userId: sub,
        evidence: [{ lessonId: quizId, attemptId, scorePercent, attemptsUsed, passedAt }],
      }),
    ]);
    const outline = await caller.get<{ lessons: { id: string; viewedAt: string | null }[] }>(
      `/api/courses/${courseId}/lessons`,
    );
    expect(outline.body.lessons.find((lesson) => lesson.id === quizId)?.viewedAt).toBe(passedAt);
  });

  it('when an administrator recorded the pass, then the completion’s evidence says it was recorded', async () => {
    const { courseId, quizId } = await course(['quizzes_passed']);
    const { sub, caller } = learner();
    const pass = { ...passed(courseId, quizId, sub), scorePercent: 40, recorded: true as const };
    expect((await publish(EVENTS.quizPassed, pass)).status).toBe(200);
    expect(await completedAt(caller, courseId)).not.toBeNull();
    const { attemptId, attemptsUsed, passedAt } = pass;
    expect(await completionsOf(courseId, sub)).toEqual([
      expect.objectContaining({
        evidence: [{ lessonId: quizId, attemptId, scorePercent: 40, attemptsUsed, passedAt, recorded: true }],
      }),
    ]);
  });

  it('when every lesson must be viewed and the quiz passed, then the course completes with the last of them only', async () => {
    const { courseId, textId, quizId } = await course(['lessons_viewed', 'quizzes_passed']);
    const { sub, caller } = learner();
    await publish(EVENTS.quizPassed, passed(courseId, quizId, sub, 1));
    expect(await completionsOf(courseId, sub)).toEqual([]);
    expect((await caller.post(`/api/lessons/${textId}/viewed`)).status).toBe(200);
    // Never started by hand: the rule starts and completes the course at once.
    expect(await completedAt(caller, courseId)).not.toBeNull();
    expect(await completionsOf(courseId, sub)).toHaveLength(1);
  });

  it('when a course only requires its lessons viewed, then viewing the last one completes it', async () => {
    const { courseId, textId, quizId } = await course(['lessons_viewed']);
    const { sub, caller } = learner();
    await caller.post(`/api/courses/register-for-course?courseId=${courseId}`);
    await caller.post(`/api/lessons/${textId}/viewed`);
    expect(await completionsOf(courseId, sub)).toEqual([]);
    await caller.post(`/api/lessons/${quizId}/viewed`);
    expect(await completionsOf(courseId, sub)).toEqual([expect.not.objectContaining({ evidence: expect.anything() })]);
  });

  it('when a quiz.passed names a lesson not of this course, then nothing is recorded', async () => {
    const { courseId } = await course(['quizzes_passed']);
    const { sub, caller } = learner();
    expect((await publish(EVENTS.quizPassed, passed(courseId, randomUUID(), sub))).status).toBe(200);
    expect(await completedAt(caller, courseId)).toBeNull();
  });
});
