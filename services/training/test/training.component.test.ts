import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import type { CompletionRow, ComplianceRow, MyAssignment } from '@portal/contracts/training';
import { testBackends } from '@portal/kit/testing/backends';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { componentSetup, signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTrainingService } from '../src/app.ts';
import { loadTrainingConfig } from '../src/config.ts';
import { remindersRepository } from '../src/data-access/reminders-repository.ts';
import { reportsRepository } from '../src/data-access/reports-repository.ts';
import { csvWordsOf } from '../src/domain/report-export.ts';

const DAY = 24 * 60 * 60_000;
const ADMIN = { sub: randomUUID(), admin: true, lang: 'de' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
const START = new Date('2026-03-01T09:00:00.000Z');

describe.each(testBackends())('the training service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startTrainingService>>;
  let clock = START;
  const admin = () => signedCaller(service.url, ADMIN);
  const as = (userId: string, lang: 'en' | 'fr' | 'de' | 'it' | 'rm' = 'en') =>
    signedCaller(service.url, { sub: userId, admin: false, lang });
  const publish = (topic: string, payload: unknown, id = randomUUID()) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id, topic, payload });

  async function person(name: string, email = `${name.toLowerCase().replace(/\W/g, '.')}@example.ch`) {
    const userId = randomUUID();
    const answer = await publish(EVENTS.userChanged, {
      userId,
      name,
      email,
      language: 'fr',
      status: 'active',
      isSysAdmin: false,
    });
    expect(answer.status).toBe(200);
    return userId;
  }
  async function group(name: string) {
    const groupId = randomUUID();
    await publish(EVENTS.groupChanged, { groupId, name });
    return groupId;
  }
  const join = (groupId: string, userId: string, joinedAt = clock) =>
    publish(EVENTS.groupMemberAdded, { groupId, userId, joinedAt: joinedAt.toISOString() });
  async function course(titles: Record<string, string>, published = true) {
    const courseId = randomUUID();
    await publish(EVENTS.courseChanged, {
      courseId,
      titles,
      defaultLanguage: 'en',
      published,
      completionProof: 'confirmation',
    });
    return courseId;
  }
  const complete = (userId: string, courseId: string, at: Date) =>
    publish(EVENTS.completionRecorded, { userId, courseId, completedAt: at.toISOString() });
  const start = (userId: string, courseId: string, at: Date) =>
    publish(EVENTS.participationStarted, { userId, courseId, startedAt: at.toISOString() });
  const mine = async (userId: string, lang: 'en' | 'fr' = 'en') => {
    const answer = await as(userId, lang).get<MyAssignment[]>('/api/assignments/mine');
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    setup = await componentSetup(backend, 'training');
    service = await startTrainingService(loadTrainingConfig({ ...setup.env, REMINDER_TIME_ZONE: 'Europe/Zurich' }), {
      now: () => clock,
    });
  });

  afterAll(() => setup?.close(service));

  it('when events arrive twice or again with new ids, then the read model holds each subject once, as last told', async () => {
    const userId = randomUUID();
    const payload = {
      userId,
      name: 'Vera Muster',
      email: 'v@example.ch',
      language: 'de',
      status: 'active',
      isSysAdmin: false,
    };
    const eventId = randomUUID();
    expect((await publish(EVENTS.userChanged, payload, eventId)).body).toEqual({ status: 'handled' });
    await publish(EVENTS.userChanged, payload, eventId);
    await publish(EVENTS.userChanged, { ...payload, name: 'Vera Meier' });
    const groupId = await group('Sales');
    await join(groupId, userId);
    await join(groupId, userId);
    const courseId = await course({ en: 'Safety' });
    await publish(EVENTS.courseChanged, {
      courseId,
      titles: { en: 'Safety', de: 'Sicherheit' },
      defaultLanguage: 'en',
      published: true,
      completionProof: 'upload',
    });
    await complete(userId, courseId, START);
    await complete(userId, courseId, START);
    const db = service.database.db;
    expect(await db.selectFrom('people').select(['name', 'language']).where('user_id', '=', userId).execute()).toEqual([
      { name: 'Vera Meier', language: 'de' },
    ]);
    expect(await db.selectFrom('group_members').selectAll().where('user_id', '=', userId).execute()).toHaveLength(1);
    const stored = await db
      .selectFrom('courses')
      .selectAll()
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ titles: { en: 'Safety', de: 'Sicherheit' }, completion_proof: 'upload' });
    expect(await db.selectFrom('completions').selectAll().where('user_id', '=', userId).execute()).toHaveLength(1);
    expect((await publish('something.else', {})).status).toBe(202);
  });

  it('when a completion comes with its quiz evidence, then each passed quiz is kept once with it; a deleted course takes it along', async () => {
    const userId = await person('Quentin Quiz');
    const courseId = await course({ en: 'Quizzed' });
    const [lessonA, lessonB] = [randomUUID(), randomUUID()];
    const completion = {
      userId,
      courseId,
      completedAt: START.toISOString(),
      evidence: [
        {
          lessonId: lessonA,
          attemptId: randomUUID(),
          scorePercent: 80,
          attemptsUsed: 1,
          passedAt: START.toISOString(),
        },
        {
          lessonId: lessonB,
          attemptId: randomUUID(),
          scorePercent: 66.67,
          attemptsUsed: 3,
          passedAt: START.toISOString(),
        },
      ],
    };
    await publish(EVENTS.completionRecorded, completion);
    await publish(EVENTS.completionRecorded, completion);
    const db = service.database.db;
    const kept = () =>
      db
        .selectFrom('completion_quizzes')
        .select(['lesson_id', 'score_percent', 'attempts_used', 'passed_at', 'completed_at'])
        .where('user_id', '=', userId)
        .orderBy('attempts_used')
        .execute();
    expect(await kept()).toEqual([
      { lesson_id: lessonA, score_percent: 80, attempts_used: 1, passed_at: START, completed_at: START },
      { lesson_id: lessonB, score_percent: 66.67, attempts_used: 3, passed_at: START, completed_at: START },
    ]);
    const exported = await as(userId).get(`/internal/personal-data/${userId}`);
    expect(exported.body.tables.completion_quizzes).toHaveLength(2);
    expect(exported.body.tables.completion_quizzes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ course_title: 'Quizzed', lesson_id: lessonA, score_percent: 80, attempts_used: 1 }),
        expect.objectContaining({
          course_title: 'Quizzed',
          lesson_id: lessonB,
          score_percent: 66.67,
          attempts_used: 3,
        }),
      ]),
    );
    await publish(EVENTS.courseDeleted, { courseId });
    expect(await kept()).toEqual([]);
  });

  it('when someone fails their last allowed quiz attempt, then they are kept to follow up until they pass that quiz', async () => {
    const userId = await person('Fiona Fail');
    const courseId = await course({ en: 'Hard quiz' });
    const [lessonId, otherLesson] = [randomUUID(), randomUUID()];
    const exhausted = (lesson: string, at: Date) => ({
      courseId,
      lessonId: lesson,
      userId,
      attemptId: randomUUID(),
      scorePercent: 40,
      attemptsUsed: 3,
      exhaustedAt: at.toISOString(),
    });
    const passed = (lesson: string, at: Date) => ({
      courseId,
      lessonId: lesson,
      userId,
      attemptId: randomUUID(),
      scorePercent: 90,
      attemptsUsed: 4,
      passedAt: at.toISOString(),
    });
    const db = service.database.db;
    const followedUp = () =>
      db
        .selectFrom('attempts_exhausted')
        .select(['lesson_id', 'exhausted_at'])
        .where('user_id', '=', userId)
        .orderBy('lesson_id')
        .execute();
    expect((await publish(EVENTS.quizAttemptsExhausted, exhausted(lessonId, START))).body).toEqual({
      status: 'handled',
    });
    await publish(EVENTS.quizAttemptsExhausted, exhausted(otherLesson, START));
    const later = new Date(START.getTime() + DAY);
    await publish(EVENTS.quizAttemptsExhausted, exhausted(lessonId, later));
    expect(await followedUp()).toEqual(
      [
        { lesson_id: lessonId, exhausted_at: later },
        { lesson_id: otherLesson, exhausted_at: START },
      ].sort((a, b) => a.lesson_id.localeCompare(b.lesson_id)),
    );
    await publish(EVENTS.quizPassed, passed(lessonId, new Date(later.getTime() + DAY)));
    expect(await followedUp()).toEqual([{ lesson_id: otherLesson, exhausted_at: START }]);
    const exported = await as(userId).get(`/internal/personal-data/${userId}`);
    expect(exported.body.tables.attempts_exhausted).toEqual([
      expect.objectContaining({ course_title: 'Hard quiz', lesson_id: otherLesson, attempts_used: 3 }),
    ]);
    await publish(EVENTS.userDeleted, { userId });
    expect(await followedUp()).toEqual([]);
  });

  it('when an employee calls the administrators’ routes, then each answers 403', async () => {
    const employee = as(await person('Emil Employee'));
    const courseId = await course({ en: 'Fire drill' });
    expect(
      (await employee.post('/api/assignments', { courseId, userIds: [randomUUID()], mandatory: true })).status,
    ).toBe(403);
    expect((await employee.get('/api/assignments')).status).toBe(403);
    expect((await employee.delete(`/api/assignments/${randomUUID()}`)).status).toBe(403);
    expect((await employee.get('/api/reports/completions')).status).toBe(403);
    expect((await employee.get('/api/reports/completions?format=csv')).status).toBe(403);
    expect((await employee.get('/api/reports/compliance')).status).toBe(403);
  });

  it('when the course or someone named is unknown, or the request is malformed, then nothing is assigned', async () => {
    const userId = await person('Known Person');
    const courseId = await course({ en: 'Known course' });
    const unknownCourse = await admin().post('/api/assignments', {
      courseId: randomUUID(),
      userIds: [userId],
      mandatory: true,
    });
    expect(unknownCourse.status).toBe(422);
    expect(unknownCourse.body.error.code).toBe('course_unknown');
    const stranger = randomUUID();
    const unknownUser = await admin().post('/api/assignments', {
      courseId,
      userIds: [userId, stranger],
      mandatory: true,
    });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.error).toMatchObject({
      code: 'assignees_unknown',
      issues: [{ path: 'userIds.1', code: 'unknown' }],
    });
    const unknownGroup = await admin().post('/api/assignments', {
      courseId,
      groupIds: [randomUUID()],
      mandatory: true,
    });
    expect(unknownGroup.body.error.code).toBe('assignees_unknown');
    const nobody = await admin().post('/api/assignments', { courseId, mandatory: true });
    expect(nobody.status).toBe(400);
    const twice = await admin().post('/api/assignments', {
      courseId,
      userIds: [userId],
      dueAt: START.toISOString(),
      dueInDays: 3,
      mandatory: true,
    });
    expect(twice.status).toBe(400);
    expect((await admin().get(`/api/assignments?courseId=${courseId}`)).body).toEqual([]);
  });

  it('when a course is assigned to a person, then they see it in their language (or the one they ask for) and the audit trail gets a record', async () => {
    const userId = await person('Anna Direct');
    const courseId = await course({ en: 'Data protection', fr: 'Protection des données' });
    const created = await admin().post('/api/assignments', {
      courseId,
      userIds: [userId],
      dueInDays: 14,
      mandatory: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      courseId,
      userIds: [userId],
      groupIds: [],
      mandatory: true,
      dueAt: null,
      dueInDays: 14,
      createdBy: ADMIN.sub,
    });
    expect(await mine(userId, 'fr')).toEqual([
      {
        courseId,
        courseTitle: 'Protection des données',
        mandatory: true,
        dueAt: new Date(START.getTime() + 14 * DAY).toISOString(),
        status: 'not-started',
        completedAt: null,
      },
    ]);
    const inInterfaceLanguage = await as(userId, 'en').get<MyAssignment[]>('/api/assignments/mine?lang=fr');
    expect(inInterfaceLanguage.body.map((row) => row.courseTitle)).toEqual(['Protection des données']);
    expect((await as(userId, 'en').get('/api/assignments/mine?lang=xx')).status).toBe(400);
    const listed = await admin().get(`/api/assignments?courseId=${courseId}`);
    expect(listed.body).toEqual([created.body]);
    const audit = await service.database.db
      .selectFrom('outbox' as never)
      .select(['topic' as never, 'payload' as never])
      .execute();
    const records = (audit as { topic: string; payload: { action: string; object: { id: string } } }[]).filter(
      (row) => row.topic === EVENTS.auditRecorded && row.payload.object.id === created.body.id,
    );
    expect(records.map((row) => row.payload.action)).toEqual(['assignment.created']);

    expect((await admin().delete(`/api/assignments/${created.body.id}`)).status).toBe(204);
    expect(await mine(userId)).toEqual([]);
    expect((await admin().delete(`/api/assignments/${created.body.id}`)).status).toBe(404);
  });

  it('when a course is assigned to a group, then its members get it, a later joiner is due relative to joining, and leaving removes it', async () => {
    const early = await person('Early Member');
    const both = await person('Both Ways');
    const late = await person('Late Joiner');
    const groupId = await group('Warehouse');
    await join(groupId, early, new Date(START.getTime() - 30 * DAY));
    await join(groupId, both, new Date(START.getTime() - 30 * DAY));
    const courseId = await course({ en: 'Forklift' });
    const created = await admin().post('/api/assignments', {
      courseId,
      groupIds: [groupId],
      userIds: [both],
      dueInDays: 10,
      mandatory: true,
    });
    expect(created.status).toBe(201);
    const dueFromAssignment = new Date(START.getTime() + 10 * DAY).toISOString();
    expect((await mine(early))[0]?.dueAt).toBe(dueFromAssignment);
    expect(await mine(late)).toEqual([]);

    const joinedAt = new Date(START.getTime() + 5 * DAY);
    await join(groupId, late, joinedAt);
    expect((await mine(late))[0]?.dueAt).toBe(new Date(joinedAt.getTime() + 10 * DAY).toISOString());

    await publish(EVENTS.groupMemberRemoved, { groupId, userId: late });
    await publish(EVENTS.groupMemberRemoved, { groupId, userId: both });
    expect(await mine(late)).toEqual([]);
    expect((await mine(both)).map((row) => row.courseId)).toEqual([courseId]);

    await publish(EVENTS.groupDeleted, { groupId });
    expect(await mine(early)).toEqual([]);
    expect((await mine(both)).map((row) => row.courseId)).toEqual([courseId]);
  });

  it('when a due day is given, then it is due at the end of that day in the portal’s time zone', async () => {
    const userId = await person('Zoe Zurich');
    const courseId = await course({ en: 'Due by day' });
    const created = await admin().post('/api/assignments', {
      courseId,
      userIds: [userId],
      dueOn: '2026-12-21',
      mandatory: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.dueAt).toBe('2026-12-21T22:59:59.000Z');
    const twice = await admin().post('/api/assignments', {
      courseId,
      userIds: [userId],
      dueOn: '2026-12-21',
      dueAt: START.toISOString(),
      mandatory: true,
    });
    expect(twice.status).toBe(400);
  });

  it('when the test clock is not switched on, then its routes are not there', async () => {
    const system = signedCaller(service.url, SYSTEM);
    expect((await system.put('/internal/test-clock', { now: new Date().toISOString() })).status).toBe(404);
    expect((await system.post('/internal/test-clock/jobs/training-reminder-pass')).status).toBe(404);
  });

  it('when a course is a draft, then it cannot be assigned; unpublished later, nobody sees it until it is again', async () => {
    const userId = await person('Draft Reader');
    const courseId = await course({ en: 'Not yet' }, false);
    const refused = await admin().post('/api/assignments', { courseId, userIds: [userId], mandatory: false });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('course_draft');
    expect((await admin().get(`/api/assignments?courseId=${courseId}`)).body).toEqual([]);
    const changed = (published: boolean) =>
      publish(EVENTS.courseChanged, {
        courseId,
        titles: { en: 'Now' },
        defaultLanguage: 'en',
        published,
        completionProof: 'confirmation',
      });
    await changed(true);
    expect((await admin().post('/api/assignments', { courseId, userIds: [userId], mandatory: false })).status).toBe(
      201,
    );
    await changed(false);
    expect(await mine(userId)).toEqual([]);
    expect((await admin().get(`/api/reports/completions?courseId=${courseId}`)).body).toEqual([]);
    await changed(true);
    expect((await mine(userId)).map((row) => [row.courseTitle, row.mandatory])).toEqual([['Now', false]]);
  });

  it('when a course is deleted, then its assignments go; a deleted account’s training records stay without its name', async () => {
    const stays = await person('Stays Here');
    const leaves = await person('Leaves Company');
    const kept = await course({ en: 'Kept course' });
    const dropped = await course({ en: 'Dropped course' });
    for (const courseId of [kept, dropped]) {
      await admin().post('/api/assignments', { courseId, userIds: [stays, leaves], mandatory: true });
    }
    await complete(leaves, kept, clock);
    await publish(EVENTS.userDeleted, { userId: leaves });
    await publish(EVENTS.courseDeleted, { courseId: dropped });
    expect((await mine(stays)).map((row) => row.courseTitle)).toEqual(['Kept course']);
    expect((await admin().get(`/api/assignments?courseId=${dropped}`)).body).toEqual([]);
    const [assignment] = (await admin().get(`/api/assignments?courseId=${kept}`)).body;
    expect(assignment.userIds).toEqual([stays]);
    expect((await admin().get<CompletionRow[]>(`/api/reports/completions?userId=${leaves}`)).body).toEqual([]);
    const history = await admin().get<CompletionRow[]>(
      `/api/reports/completions?userId=${leaves}&lang=de&includeLeavers=true`,
    );
    expect(history.body).toEqual([
      expect.objectContaining({
        name: 'Gelöschtes Konto',
        email: '',
        courseTitle: 'Kept course',
        status: 'completed',
        accountStatus: 'deleted',
      }),
    ]);
    const personal = await as(leaves).get(`/internal/personal-data/${leaves}`);
    expect(personal.body.tables.people).toEqual([expect.objectContaining({ name: '', email: '', status: 'deleted' })]);
  });

  it('when time passes and people start and complete, then each status follows, overdue first', async () => {
    clock = START;
    const groupId = await group('Statuses');
    const names = ['S1 Not Started', 'S2 In Progress', 'S3 Completed', 'S4 Overdue', 'S5 Expired'];
    const [idle, going, done, late, lapsed] = await Promise.all(names.map((name) => person(name)));
    for (const userId of [idle, going, done, late, lapsed]) await join(groupId, userId!);
    const onceCourse = await course({ en: 'Once' });
    const yearlyCourse = await course({ en: 'Yearly' });
    await admin().post('/api/assignments', {
      courseId: onceCourse,
      groupIds: [groupId],
      dueInDays: 30,
      mandatory: true,
    });
    await admin().post('/api/assignments', {
      courseId: yearlyCourse,
      userIds: [lapsed],
      dueInDays: 30,
      recurEveryMonths: 12,
      mandatory: false,
    });
    await start(going!, onceCourse, new Date(START.getTime() + DAY));
    await start(done!, onceCourse, new Date(START.getTime() + DAY));
    await complete(done!, onceCourse, new Date(START.getTime() + 2 * DAY));
    await complete(lapsed!, onceCourse, new Date(START.getTime() + 2 * DAY));
    await complete(lapsed!, yearlyCourse, new Date(START.getTime() + 3 * DAY));

    clock = new Date(START.getTime() + 10 * DAY);
    const statusOf = async (userId: string) => (await mine(userId)).find((row) => row.courseId === onceCourse)?.status;
    expect(await statusOf(idle!)).toBe('not-started');
    expect(await statusOf(going!)).toBe('in-progress');
    expect(await statusOf(done!)).toBe('completed');

    clock = new Date(START.getTime() + 40 * DAY);
    expect(await statusOf(late!)).toBe('overdue');
    expect(await statusOf(going!)).toBe('overdue');
    expect(await statusOf(done!)).toBe('completed');
    expect((await mine(lapsed!)).map((row) => [row.courseTitle, row.status])).toEqual([
      ['Once', 'completed'],
      ['Yearly', 'completed'],
    ]);

    clock = new Date(START.getTime() + 400 * DAY);
    expect((await mine(lapsed!)).map((row) => [row.courseTitle, row.status])).toEqual([
      ['Yearly', 'expired'],
      ['Once', 'completed'],
    ]);
    await complete(lapsed!, yearlyCourse, new Date(START.getTime() + 399 * DAY));
    expect((await mine(lapsed!)).find((row) => row.courseTitle === 'Yearly')?.status).toBe('completed');

    const report = await admin().get<CompletionRow[]>(
      `/api/reports/completions?groupId=${groupId}&courseId=${onceCourse}`,
    );
    expect(report.headers.get('x-total-count')).toBe('5');
    expect(report.body.map((row) => [row.name, row.status])).toEqual([
      ['S1 Not Started', 'overdue'],
      ['S2 In Progress', 'overdue'],
      ['S3 Completed', 'completed'],
      ['S4 Overdue', 'overdue'],
      ['S5 Expired', 'completed'],
    ]);
    const compliance = await admin().get<ComplianceRow[]>(`/api/reports/compliance?courseId=${onceCourse}`);
    expect(compliance.body).toEqual([
      {
        groupId,
        groupName: 'Statuses',
        courseId: onceCourse,
        courseTitle: 'Once',
        assigned: 5,
        completedInTime: 2,
        overdue: 3,
      },
    ]);
    clock = START;
  });

  it('when someone is deactivated, then the compliance figures, the CSV and the digest count the same people overdue; asked for, the leaver is marked', async () => {
    clock = START;
    const groupId = await group('Figures');
    const [grouped, leaver, direct, done] = await Promise.all(
      ['F1 Grouped', 'F2 Leaver', 'F3 Direct', 'F4 Done'].map((name) => person(name)),
    );
    for (const userId of [grouped, leaver, done]) await join(groupId, userId!);
    const courseId = await course({ en: 'Figures course' });
    const assignment = { courseId, dueInDays: 3, mandatory: true };
    await admin().post('/api/assignments', { ...assignment, groupIds: [groupId] });
    await admin().post('/api/assignments', { ...assignment, userIds: [direct] });
    await complete(done!, courseId, new Date(START.getTime() + DAY));
    await publish(EVENTS.userChanged, {
      userId: leaver,
      name: 'F2 Leaver',
      email: 'leaver@example.ch',
      language: 'fr',
      status: 'deactivated',
      isSysAdmin: false,
    });
    clock = new Date(START.getTime() + 10 * DAY);

    const compliance = await admin().get<ComplianceRow[]>(`/api/reports/compliance?courseId=${courseId}`);
    expect(compliance.body.map((row) => [row.groupName, row.assigned, row.overdue])).toEqual([
      [null, 1, 1],
      ['Figures', 2, 1],
    ]);
    const csv = await admin().get<string>(`/api/reports/completions?courseId=${courseId}&format=csv&lang=en`);
    const overdueLines = csv.body.split('\n').filter((line) => line.includes(',overdue,'));
    const digest = await remindersRepository(service.database.db).overdueCourses(clock);
    const digestCount = digest.find((row) => row.course_id === courseId)?.people;
    expect([overdueLines.length, digestCount]).toEqual([2, 2]);

    const withLeavers = await admin().get<CompletionRow[]>(
      `/api/reports/completions?courseId=${courseId}&includeLeavers=true`,
    );
    expect(withLeavers.body.map((row) => [row.name, row.status, row.accountStatus])).toEqual([
      ['F1 Grouped', 'overdue', 'active'],
      ['F2 Leaver', 'overdue', 'deactivated'],
      ['F3 Direct', 'overdue', 'active'],
      ['F4 Done', 'completed', 'active'],
    ]);
    const complianceWithLeavers = await admin().get<ComplianceRow[]>(
      `/api/reports/compliance?courseId=${courseId}&includeLeavers=true`,
    );
    expect(complianceWithLeavers.body.map((row) => row.overdue)).toEqual([1, 2]);
    clock = START;
  });

  it('when someone completes a course nobody assigned them, then the course’s report shows them, not assigned, and its figures do not count them', async () => {
    const assignee = await person('V1 Assigned');
    const volunteer = await person('V2 Volunteer');
    const courseId = await course({ en: 'Voluntary course' });
    await admin().post('/api/assignments', { courseId, userIds: [assignee], mandatory: true });
    await start(volunteer, courseId, START);
    await complete(volunteer, courseId, new Date(START.getTime() + DAY));

    const report = await admin().get<CompletionRow[]>(`/api/reports/completions?courseId=${courseId}`);
    expect(report.body.map((row) => [row.name, row.status, row.assignedAt, row.mandatory])).toEqual([
      ['V1 Assigned', 'not-started', START.toISOString(), true],
      ['V2 Volunteer', 'completed', null, false],
    ]);
    const completed = await admin().get<CompletionRow[]>(
      `/api/reports/completions?courseId=${courseId}&status=completed`,
    );
    expect(completed.body.map((row) => row.userId)).toEqual([volunteer]);
    const csv = await admin().get<string>(`/api/reports/completions?courseId=${courseId}&format=csv&lang=en`);
    expect(csv.body).toContain(
      'V2 Volunteer,v2.volunteer@example.ch,active,,Voluntary course,no,completed,,,2026-03-01 10:00,2026-03-02 10:00',
    );
    const compliance = await admin().get<ComplianceRow[]>(`/api/reports/compliance?courseId=${courseId}`);
    expect(compliance.body.map((row) => [row.assigned, row.completedInTime])).toEqual([[1, 0]]);
  });

  describe('the completions report', () => {
    let courseId: string;
    let groupId: string;
    const NAMES = ['=HYPERLINK("http://evil")', 'Zoë Zürcher', 'Ada Amsler', '@mention', 'Bea Brunner', 'Carl Caduff'];

    beforeAll(async () => {
      clock = START;
      groupId = await group('Report group');
      courseId = await course({ en: 'Report course', de: 'Berichtskurs' });
      const ids = [];
      for (const name of NAMES) ids.push(await person(name));
      for (const userId of ids.slice(0, 4)) await join(groupId, userId);
      await admin().post('/api/assignments', {
        courseId,
        userIds: ids,
        dueAt: new Date(START.getTime() + 7 * DAY).toISOString(),
        mandatory: true,
      });
      await complete(ids[2]!, courseId, new Date(START.getTime() + DAY));
    });

    it('when asked for pages, then rows come by name with the total, filtered by group, status and search', async () => {
      const first = await admin().get<CompletionRow[]>(`/api/reports/completions?courseId=${courseId}&limit=4`);
      expect(first.headers.get('x-total-count')).toBe('6');
      expect(first.body.map((row) => row.name)).toEqual([
        '=HYPERLINK("http://evil")',
        '@mention',
        'Ada Amsler',
        'Bea Brunner',
      ]);
      expect(first.body[0]).toMatchObject({ courseTitle: 'Berichtskurs', mandatory: true, status: 'not-started' });
      const second = await admin().get<CompletionRow[]>(
        `/api/reports/completions?courseId=${courseId}&limit=4&offset=4`,
      );
      expect(second.body.map((row) => row.name)).toEqual(['Carl Caduff', 'Zoë Zürcher']);
      const inGroup = await admin().get<CompletionRow[]>(
        `/api/reports/completions?courseId=${courseId}&groupId=${groupId}`,
      );
      expect(inGroup.body.map((row) => row.name)).toEqual([
        '=HYPERLINK("http://evil")',
        '@mention',
        'Ada Amsler',
        'Zoë Zürcher',
      ]);
      const completed = await admin().get<CompletionRow[]>(
        `/api/reports/completions?courseId=${courseId}&status=completed`,
      );
      expect(completed.body.map((row) => row.name)).toEqual(['Ada Amsler']);
      expect(completed.headers.get('x-total-count')).toBe('1');
      const search = await admin().get<CompletionRow[]>(`/api/reports/completions?courseId=${courseId}&q=z%C3%BCrcher`);
      expect(search.body.map((row) => row.name)).toEqual(['Zoë Zürcher']);
      const wildcard = await admin().get<CompletionRow[]>(`/api/reports/completions?courseId=${courseId}&q=%25`);
      expect(wildcard.body).toEqual([]);
      expect((await admin().get(`/api/reports/completions?limit=201`)).status).toBe(400);
      expect((await admin().get(`/api/reports/completions?status=lost`)).status).toBe(400);
    });

    it('when exported as CSV, then it starts with a BOM, has the administrator’s headers and statuses, and formula cells are text', async () => {
      const answer = await fetchRaw(`/api/reports/completions?courseId=${courseId}&format=csv`);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
      expect(lines[0]).toBe(
        'Name;E-Mail;Konto;Gruppen;Kurs;Pflicht;Status;Zugewiesen;Fällig;Begonnen;Abgeschlossen;Ergebnis (%);Benötigte Versuche;Bestanden am',
      );
      expect(lines).toHaveLength(7);
      expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)";/);
      expect(lines[2]).toMatch(/^'@mention;/);
      expect(lines[3]).toContain(
        ';aktiv;Report group;Berichtskurs;ja;abgeschlossen;2026-03-01 10:00;2026-03-08;;2026-03-02 10:00',
      );
      expect(lines[4]).toContain('nicht begonnen');
    });

    it('when exported in English or with a delimiter asked for, then the CSV is separated as asked, else as the language expects', async () => {
      const headerOf = async (query: string) =>
        Buffer.from(
          await (await fetchRaw(`/api/reports/completions?courseId=${courseId}&format=csv&${query}`)).arrayBuffer(),
        )
          .subarray(3)
          .toString('utf8')
          .split('\n')[0];
      expect(await headerOf('lang=en')).toBe(
        'Name,E-mail,Account,Groups,Course,Mandatory,Status,Assigned,Due,Started,Completed,Score (%),Attempts used,Passed on',
      );
      expect(await headerOf('lang=fr')).toMatch(/^Nom;E-mail;Compte;/);
      expect(await headerOf('lang=de&delimiter=comma')).toMatch(/^Name,E-Mail,Konto,/);
      expect(await headerOf('lang=en&delimiter=semicolon')).toMatch(/^Name;E-mail;Account;/);
    });

    it('when people are in several groups or in none, then the pages, the CSV and the XLSX name the groups alike, alphabetical', async () => {
      const several = await person('G1 Several');
      const none = await person('G2 None');
      const zeta = await group('Zeta team');
      const alpha = await group('Alpha; team, north');
      for (const joined of [zeta, alpha, groupId]) await join(joined, several);
      const groupsCourse = await course({ en: 'Groups course' });
      await admin().post('/api/assignments', { courseId: groupsCourse, userIds: [several, none], mandatory: false });

      const page = await admin().get<CompletionRow[]>(`/api/reports/completions?courseId=${groupsCourse}`);
      expect(page.body.map((row) => [row.name, row.groups])).toEqual([
        ['G1 Several', ['Alpha; team, north', 'Report group', 'Zeta team']],
        ['G2 None', []],
      ]);
      const csvLinesOf = async (query: string) =>
        Buffer.from(
          await (await fetchRaw(`/api/reports/completions?courseId=${groupsCourse}&format=csv&${query}`)).arrayBuffer(),
        )
          .subarray(3)
          .toString('utf8')
          .split('\n')
          .slice(1, -1);
      expect(await csvLinesOf('lang=en')).toEqual([
        'G1 Several,g1.several@example.ch,active,"Alpha; team, north, Report group, Zeta team",Groups course,no,not started,2026-03-01 10:00,,,,,,',
        'G2 None,g2.none@example.ch,active,,Groups course,no,not started,2026-03-01 10:00,,,,,,',
      ]);
      expect(await csvLinesOf('lang=de')).toEqual([
        'G1 Several;g1.several@example.ch;aktiv;"Alpha; team, north, Report group, Zeta team";Groups course;nein;nicht begonnen;2026-03-01 10:00;;;;;;',
        'G2 None;g2.none@example.ch;aktiv;;Groups course;nein;nicht begonnen;2026-03-01 10:00;;;;;;',
      ]);
      const answer = await fetchRaw(`/api/reports/completions?courseId=${groupsCourse}&format=xlsx&lang=en`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      expect([2, 3].map((row) => sheet.getRow(row).getCell(4).value)).toEqual([
        'Alpha; team, north, Report group, Zeta team',
        null,
      ]);
    });

    it('when a completion rests on several passed quizzes, then the page, the CSV and the XLSX give the lowest score, the most attempts and the last pass', async () => {
      const quizzed = await person('E1 Quizzed');
      const confirmed = await person('E2 Confirmed');
      const evidenceCourse = await course({ en: 'Evidence course' });
      await admin().post('/api/assignments', {
        courseId: evidenceCourse,
        userIds: [quizzed, confirmed],
        mandatory: true,
      });
      const firstPass = new Date('2026-03-02T08:00:00.000Z');
      const lastPass = new Date('2026-03-03T08:00:00.000Z');
      await publish(EVENTS.completionRecorded, {
        userId: quizzed,
        courseId: evidenceCourse,
        completedAt: lastPass.toISOString(),
        evidence: [
          {
            lessonId: randomUUID(),
            attemptId: randomUUID(),
            scorePercent: 72.5,
            attemptsUsed: 1,
            passedAt: lastPass.toISOString(),
          },
          {
            lessonId: randomUUID(),
            attemptId: randomUUID(),
            scorePercent: 92.5,
            attemptsUsed: 3,
            passedAt: firstPass.toISOString(),
          },
        ],
      });
      await complete(confirmed, evidenceCourse, lastPass);

      const page = await admin().get<CompletionRow[]>(`/api/reports/completions?courseId=${evidenceCourse}`);
      expect(
        page.body.map(({ name, scorePercent, attemptsUsed, passedAt }) => ({
          name,
          scorePercent,
          attemptsUsed,
          passedAt,
        })),
      ).toEqual([
        { name: 'E1 Quizzed', scorePercent: 72.5, attemptsUsed: 3, passedAt: lastPass.toISOString() },
        { name: 'E2 Confirmed', scorePercent: null, attemptsUsed: null, passedAt: null },
      ]);
      const csvLinesOf = async (query: string) =>
        Buffer.from(
          await (
            await fetchRaw(`/api/reports/completions?courseId=${evidenceCourse}&format=csv&${query}`)
          ).arrayBuffer(),
        )
          .subarray(3)
          .toString('utf8')
          .split('\n')
          .slice(1, -1);
      const [quizzedEn, confirmedEn] = await csvLinesOf('lang=en');
      expect(quizzedEn).toMatch(/,completed,2026-03-01 10:00,,,2026-03-03 09:00,72\.5,3,2026-03-03 09:00$/);
      expect(confirmedEn).toMatch(/,completed,2026-03-01 10:00,,,2026-03-03 09:00,,,$/);
      expect((await csvLinesOf('lang=de'))[0]).toMatch(/;2026-03-03 09:00;72,5;3;2026-03-03 09:00$/);

      const answer = await fetchRaw(`/api/reports/completions?courseId=${evidenceCourse}&format=xlsx&lang=it`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      expect([12, 13, 14].map((cell) => sheet.getRow(1).getCell(cell).value)).toEqual([
        'Punteggio (%)',
        'Tentativi usati',
        'Superato il',
      ]);
      expect([12, 13, 14].map((cell) => sheet.getRow(2).getCell(cell).value)).toEqual([
        72.5,
        3,
        new Date('2026-03-03T09:00:00.000Z'),
      ]);
      expect(sheet.getRow(2).getCell(14).numFmt).toBe('yyyy-mm-dd hh:mm');
      expect([12, 13, 14].map((cell) => sheet.getRow(3).getCell(cell).value)).toEqual([null, null, null]);
    });

    it('when the export reads in batches smaller than the report, then every row comes once, in the pages’ order', async () => {
      const repository = reportsRepository(service.database.db, undefined);
      const now = new Date();
      const paged = await repository.page({ courseId }, 'en', now, 50, 0);
      const batched = [];
      for await (const batch of repository.all({ courseId }, 'en', now, 2)) {
        batched.push(...batch.map((row) => row.user_id));
      }
      expect(paged.rows.length).toBeGreaterThan(4);
      expect(batched).toEqual(paged.rows.map((row) => row.user_id));
    });

    it('when the CSV is read two rows at a time, then every row comes once as its line, in the pages’ order', async () => {
      const repository = reportsRepository(service.database.db, service.database.kind === 'postgres' ? 2 : undefined);
      const now = new Date();
      const paged = await repository.page({ courseId }, 'en', now, 50, 0);
      const format = { words: csvWordsOf('en', ','), delimiter: ',', timeZone: 'UTC' } as const;
      const lines = [];
      for await (const batch of repository.csvLines({ courseId }, 'en', now, format, 2)) {
        expect(batch.length).toBeLessThanOrEqual(2);
        lines.push(...batch);
      }
      expect(lines).toHaveLength(paged.rows.length);
      expect(lines.map((line) => line.split(',').at(-13))).toEqual(paged.rows.map((row) => row.email));
    });

    it('when the report is exported, then the export is on the audit trail with its format and filters', async () => {
      await fetchRaw(`/api/reports/completions?courseId=${courseId}&format=csv`);
      const { rows } = await sql<{ payload: AuditRecord }>`
        select payload from outbox where topic = ${EVENTS.auditRecorded} and payload->>'action' = 'report.exported'
        order by id desc limit 1`.execute(service.database.db);
      expect(rows[0]?.payload).toMatchObject({ actor: { id: ADMIN.sub }, details: { format: 'csv', courseId } });
    });

    it('when exported as XLSX, then the workbook opens with the same rows', async () => {
      const answer = await fetchRaw(`/api/reports/completions?courseId=${courseId}&format=xlsx&lang=fr`);
      expect(answer.headers.get('content-type')).toMatch(/spreadsheetml/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe('Achèvements');
      expect(sheet.getRow(1).getCell(1).value).toBe('Nom');
      expect(sheet.rowCount).toBe(7);
      expect(sheet.getRow(4).getCell(7).value).toBe('terminé');
      expect(sheet.getRow(4).getCell(3).value).toBe('actif');
      expect(sheet.getRow(4).getCell(4).value).toBe('Report group');
      const assigned = sheet.getRow(4).getCell(8);
      expect(assigned.value).toEqual(new Date('2026-03-01T10:00:00.000Z'));
      expect(assigned.numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(sheet.getRow(4).getCell(9).numFmt).toBe('yyyy-mm-dd');
      expect(sheet.getRow(2).getCell(1).value).toBe('=HYPERLINK("http://evil")');
    });

    /** The bytes as sent (the signed caller decodes text, which drops a BOM and breaks a zip). */
    const fetchRaw = async (path: string) => {
      const url = new URL(path, service.url);
      const answer = await fetch(url, {
        headers: {
          [IDENTITY_HEADER]: signIdentity(ADMIN, { method: 'GET', path: `${url.pathname}${url.search}` }, TEST_SECRET),
        },
      });
      expect(answer.status).toBe(200);
      return answer;
    };
  });
});

describe.each(testBackends())('the training service told to erase deleted accounts, on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startTrainingService>>;
  const publish = (topic: string, payload: unknown) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id: randomUUID(), topic, payload });

  beforeAll(async () => {
    setup = await componentSetup(backend, 'training');
    service = await startTrainingService(loadTrainingConfig({ ...setup.env, DELETED_ACCOUNT_RECORDS: 'erase' }));
  });

  afterAll(() => setup?.close(service));

  it('when an account is deleted, then its people row, assignments and completions go', async () => {
    const userId = randomUUID();
    const courseId = randomUUID();
    await publish(EVENTS.userChanged, {
      userId,
      name: 'Erased Person',
      email: 'erased@example.ch',
      language: 'en',
      status: 'active',
      isSysAdmin: false,
    });
    await publish(EVENTS.courseChanged, {
      courseId,
      titles: { en: 'Course' },
      defaultLanguage: 'en',
      published: true,
      completionProof: 'confirmation',
    });
    const admin = signedCaller(service.url, ADMIN);
    expect((await admin.post('/api/assignments', { courseId, userIds: [userId], mandatory: true })).status).toBe(201);
    await publish(EVENTS.completionRecorded, { userId, courseId, completedAt: START.toISOString() });
    await publish(EVENTS.userDeleted, { userId });
    expect((await admin.get(`/api/reports/completions?userId=${userId}`)).body).toEqual([]);
    const personal = await signedCaller(service.url, { sub: userId, admin: false, lang: 'en' }).get(
      `/internal/personal-data/${userId}`,
    );
    expect(personal.body.tables.people).toEqual([]);
    expect(personal.body.tables.completions).toEqual([]);
  });
});
