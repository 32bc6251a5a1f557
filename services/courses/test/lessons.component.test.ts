import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AuditRecord, auditRecordSchema } from '@portal/contracts/audit';
import { EVENTS, lessonChangedSchema, lessonDeletedSchema } from '@portal/contracts/events';
import { LESSON_LIMITS, type Lesson, type LessonOutline } from '@portal/contracts/lessons';
import { componentSetup, fakeService, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { startCoursesService } from '../src/app.ts';
import { loadCoursesConfig } from '../src/config.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'en' } as const;
const LEARNER = { sub: '00000000-0000-4000-8000-00000000001e', admin: false, lang: 'fr' } as const;
const OTHER = { sub: '00000000-0000-4000-8000-00000000002e', admin: false, lang: 'en' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
const COURSE_FILE = '00000000-0000-4000-8000-0000000000f1';
const CAPTIONS_EN = '00000000-0000-4000-8000-0000000000f2';
const CAPTIONS_DE = '00000000-0000-4000-8000-0000000000f3';

const textLesson = (title: string, body = `<p>${title}</p>`) => ({
  kind: 'text',
  defaultLanguage: 'en',
  texts: { en: { title, body } },
});

describe.each(testBackends())('the lessons of a course on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let files: Awaited<ReturnType<typeof fakeService>>;
  let service: Awaited<ReturnType<typeof startCoursesService>>;
  let admin: ReturnType<typeof signedCaller>;
  let learner: ReturnType<typeof signedCaller>;
  let other: ReturnType<typeof signedCaller>;
  let categoryId: string;

  const newCourse = async (isPublished = true) => {
    const created = await admin.post('/api/courses', {
      title: `Fire safety ${Math.random()}`,
      description: '<p>Where the exits are.</p>',
      isPublished,
      categoryIds: [categoryId],
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const addLesson = async (courseId: string, body: unknown = textLesson('Exits')) => {
    const created = await admin.post<Lesson>(`/api/courses/${courseId}/lessons`, body);
    expect(created.status).toBe(201);
    return created.body;
  };
  const outlineOf = async (caller: ReturnType<typeof signedCaller>, courseId: string) => {
    const answer = await caller.get<LessonOutline>(`/api/courses/${courseId}/lessons`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const outboxOf = async (topic: string, courseId: string) =>
    (
      await sql<{ payload: unknown }>`
        select payload from outbox where topic = ${topic} and payload->>'courseId' = ${courseId} order by id`.execute(
        service.database.db,
      )
    ).rows.map((row) => row.payload);

  beforeAll(async () => {
    setup = await componentSetup(backend, 'courses');
    files = await fakeService((router) => {
      router.get('/internal/courses/:id/files', (req, res) => {
        res.json([
          {
            id: COURSE_FILE,
            fileName: 'exits.pdf',
            fileSize: 1234,
            fileType: 'application/pdf',
            uploadedAt: '2026-11-02T08:00:00.000Z',
            courseId: req.params.id,
          },
          ...[CAPTIONS_EN, CAPTIONS_DE].map((id) => ({
            id,
            fileName: `exits.${id === CAPTIONS_EN ? 'en' : 'de'}.vtt`,
            fileSize: 321,
            fileType: 'text/vtt',
            uploadedAt: '2026-11-02T08:00:00.000Z',
            courseId: req.params.id,
          })),
        ]);
      });
    });
    service = await startCoursesService(loadCoursesConfig({ ...setup.env, FILES_SERVICE_URL: files.url }));
    admin = signedCaller(service.url, ADMIN);
    learner = signedCaller(service.url, LEARNER);
    other = signedCaller(service.url, OTHER);
    categoryId = (await admin.post('/api/categories', { name: `Safety ${Math.random()}` })).body.id as string;
  });

  afterAll(() => setup?.close(service, files));

  it('when a course has no lessons, then its outline is empty and there is nothing to continue with', async () => {
    expect(await outlineOf(learner, await newCourse())).toEqual({ lessons: [], continueWith: null });
  });

  it('when an administrator adds lessons, then learners read them in order, in their language where it exists, sanitised', async () => {
    const courseId = await newCourse();
    const first = await addLesson(courseId, {
      kind: 'text',
      defaultLanguage: 'en',
      texts: {
        en: { title: 'Exits', body: '<p>Green signs.</p><script>alert(1)</script>' },
        fr: { title: 'Sorties', body: '<p>Panneaux verts.</p>' },
      },
    });
    const second = await addLesson(courseId, {
      kind: 'file',
      defaultLanguage: 'en',
      texts: { en: { title: 'Floor plan' } },
      fileId: COURSE_FILE,
    });
    expect(first.position).toBe(1);
    expect(second.position).toBe(2);
    expect(first.body).toBe('<p>Green signs.</p>');

    const outline = await outlineOf(learner, courseId);
    expect(outline.lessons.map((lesson) => [lesson.title, lesson.language, lesson.kind])).toEqual([
      ['Sorties', 'fr', 'text'],
      ['Floor plan', 'en', 'file'],
    ]);
    expect(outline.lessons[0]).not.toHaveProperty('texts');
    expect(outline.lessons[1]?.fileId).toBe(COURSE_FILE);
    expect(outline.continueWith).toBe(first.id);
    expect((await admin.get<LessonOutline>(`/api/courses/${courseId}/lessons?lang=de`)).body.lessons[0]).toMatchObject({
      title: 'Exits',
      language: 'en',
      languages: ['en', 'fr'],
      texts: { fr: { title: 'Sorties' } },
    });
  });

  it('when a learner views lessons, then the marks are theirs alone and they continue with the first not viewed', async () => {
    const courseId = await newCourse();
    const lessons = [await addLesson(courseId), await addLesson(courseId), await addLesson(courseId)];
    const [first, second, third] = lessons.map((lesson) => lesson.id);

    const viewed = await learner.post(`/api/lessons/${second}/viewed`);
    expect(viewed.status).toBe(200);
    expect(viewed.body.lessonId).toBe(second);
    const again = await learner.post(`/api/lessons/${second}/viewed`);
    expect(again.body.viewedAt).toBe(viewed.body.viewedAt);

    let mine = await outlineOf(learner, courseId);
    expect(mine.lessons.map((lesson) => lesson.viewedAt !== null)).toEqual([false, true, false]);
    expect(mine.continueWith).toBe(first);
    await learner.post(`/api/lessons/${first}/viewed`);
    mine = await outlineOf(learner, courseId);
    expect(mine.continueWith).toBe(third);
    await learner.post(`/api/lessons/${third}/viewed`);
    expect((await outlineOf(learner, courseId)).continueWith).toBeNull();

    const theirs = await outlineOf(other, courseId);
    expect(theirs.lessons.every((lesson) => lesson.viewedAt === null)).toBe(true);
    expect(theirs.continueWith).toBe(first);
  });

  it('when a course is a draft, then learners find neither its lessons nor can they mark one; administrators can', async () => {
    const courseId = await newCourse(false);
    const lesson = await addLesson(courseId);
    const hidden = await learner.get(`/api/courses/${courseId}/lessons`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('not_found');
    expect((await learner.post(`/api/lessons/${lesson.id}/viewed`)).status).toBe(404);
    expect((await outlineOf(admin, courseId)).lessons).toHaveLength(1);
    expect((await admin.post(`/api/lessons/${lesson.id}/viewed`)).status).toBe(200);
  });

  it('when a learner tries to write lessons, then every write is refused with 403', async () => {
    const courseId = await newCourse();
    const lesson = await addLesson(courseId);
    expect((await learner.post(`/api/courses/${courseId}/lessons`, textLesson('Mine'))).status).toBe(403);
    expect((await learner.put(`/api/lessons/${lesson.id}`, textLesson('Mine'))).status).toBe(403);
    expect((await learner.delete(`/api/lessons/${lesson.id}`)).status).toBe(403);
    expect((await learner.put(`/api/courses/${courseId}/lessons/order`, { lessonIds: [lesson.id] })).status).toBe(403);
  });

  it('when the order is not exactly the course’s lessons, then it is refused and the outline stays', async () => {
    const courseId = await newCourse();
    const [a, b, c] = [await addLesson(courseId), await addLesson(courseId), await addLesson(courseId)].map(
      (lesson) => lesson.id,
    );
    const foreign = (await addLesson(await newCourse())).id;
    const refuse = async (lessonIds: unknown[], code: string) => {
      const answer = await admin.put(`/api/courses/${courseId}/lessons/order`, { lessonIds });
      expect(answer.status).toBe(400);
      expect(answer.body.error.issues).toEqual([expect.objectContaining({ code })]);
    };
    await refuse([a, b], 'lesson_order_mismatch');
    await refuse([a, b, c, foreign], 'lesson_order_mismatch');
    await refuse([a, b, foreign], 'lesson_order_mismatch');
    await refuse([a, a, b], 'lessons_duplicate');
    expect((await outlineOf(admin, courseId)).lessons.map((lesson) => lesson.id)).toEqual([a, b, c]);

    const ordered = await admin.put<LessonOutline>(`/api/courses/${courseId}/lessons/order`, { lessonIds: [c, a, b] });
    expect(ordered.status).toBe(200);
    expect(ordered.body.lessons.map((lesson) => [lesson.id, lesson.position])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
  });

  it('when a lesson is deleted, then the ones after it move up and lesson.deleted is published', async () => {
    const courseId = await newCourse();
    const [a, b, c] = [await addLesson(courseId), await addLesson(courseId), await addLesson(courseId)].map(
      (lesson) => lesson.id,
    );
    await learner.post(`/api/lessons/${b}/viewed`);
    expect((await admin.delete(`/api/lessons/${b}`)).status).toBe(204);
    expect((await admin.delete(`/api/lessons/${b}`)).status).toBe(404);
    expect((await outlineOf(learner, courseId)).lessons.map((lesson) => [lesson.id, lesson.position])).toEqual([
      [a, 1],
      [c, 2],
    ]);
    expect(await outboxOf(EVENTS.lessonDeleted, courseId)).toEqual([
      lessonDeletedSchema.parse({ lessonId: b, courseId }),
    ]);
    const changes = (await outboxOf(EVENTS.lessonChanged, courseId)).map((payload) =>
      lessonChangedSchema.parse(payload),
    );
    expect(changes).toHaveLength(3);
    expect(changes[0]).toEqual({ lessonId: a, courseId, kind: 'text' });
  });

  it('when a lesson is changed, then its new kind and texts are stored and lesson.changed says its kind', async () => {
    const courseId = await newCourse();
    const lesson = await addLesson(courseId);
    const changed = await admin.put<Lesson>(`/api/lessons/${lesson.id}`, {
      kind: 'quiz',
      defaultLanguage: 'de',
      texts: { de: { title: 'Prüfung' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ kind: 'quiz', title: 'Prüfung', body: '', position: 1, fileId: null });
    expect((await outboxOf(EVENTS.lessonChanged, courseId)).at(-1)).toEqual({
      lessonId: lesson.id,
      courseId,
      kind: 'quiz',
    });
    expect((await admin.put(`/api/lessons/${crypto.randomUUID()}`, textLesson('Gone'))).status).toBe(404);
  });

  it('when lessons are created, changed, reordered and deleted, then each is in the audit trail with what changed', async () => {
    const courseId = await newCourse();
    const first = await addLesson(courseId, textLesson('Exits'));
    const second = await addLesson(courseId, textLesson('Alarm'));
    await admin.put(`/api/lessons/${first.id}`, {
      kind: 'text',
      defaultLanguage: 'en',
      texts: {
        en: { title: 'Exits and stairs', body: '<p>Exits</p>' },
        de: { title: 'Ausgänge', body: '<p>Ausgänge</p>' },
      },
    });
    await admin.put(`/api/courses/${courseId}/lessons/order`, { lessonIds: [second.id, first.id] });
    await admin.delete(`/api/lessons/${second.id}`);
    // refused writes leave no record
    await admin.put(`/api/courses/${courseId}/lessons/order`, { lessonIds: [second.id] });

    const records = (
      await sql<{ payload: unknown }>`
        select payload from outbox where topic = ${EVENTS.auditRecorded}
          and (payload->'details'->>'courseId' = ${courseId} or payload->'object'->>'id' = ${courseId})
          and payload->>'action' <> 'course.created'
        order by id`.execute(service.database.db)
    ).rows.map((row) => auditRecordSchema.parse(row.payload));
    const summary = (record: AuditRecord) => [record.action, record.object.type, record.object.id, record.object.label];
    expect(records.map(summary)).toEqual([
      ['lesson.created', 'lesson', first.id, 'Exits'],
      ['lesson.created', 'lesson', second.id, 'Alarm'],
      ['lesson.updated', 'lesson', first.id, 'Exits and stairs'],
      ['course.lessons-reordered', 'course', courseId, expect.stringContaining('Fire safety')],
      ['lesson.deleted', 'lesson', second.id, 'Alarm'],
    ]);
    expect(records.every((record) => record.actor.id === ADMIN.sub && record.service === 'courses')).toBe(true);
    expect(records[2]?.changes).toEqual({
      'title.en': { before: 'Exits', after: 'Exits and stairs' },
      'title.de': { before: null, after: 'Ausgänge' },
      'body.de': { before: null, after: expect.stringMatching(/^sha256:/) },
    });
    expect(records[3]?.details).toEqual({ lessonIds: [second.id, first.id] });
  });

  it('when a lesson breaks a rule, then it is refused with the field and its code, and nothing is stored', async () => {
    const courseId = await newCourse();
    const refuse = async (body: unknown, path: string, code: string) => {
      const answer = await admin.post(`/api/courses/${courseId}/lessons`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.issues).toEqual(expect.arrayContaining([{ path, code }]));
    };
    await refuse(textLesson('x'.repeat(LESSON_LIMITS.titleMax + 1)), 'texts.en.title', 'title_too_long');
    await refuse(textLesson('x'.repeat(50_000)), 'texts.en.title', 'title_too_long');
    await refuse(textLesson('   '), 'texts.en.title', 'title_required');
    await refuse(
      textLesson('Long', `<p>${'x'.repeat(LESSON_LIMITS.bodyHtmlMax)}</p>`),
      'texts.en.body',
      'body_too_long',
    );
    await refuse(textLesson('Empty', ''), 'texts.en.body', 'body_required');
    await refuse({ ...textLesson('Bad'), kind: 'scorm' }, 'kind', 'invalid_value');
    await refuse(
      { kind: 'text', defaultLanguage: 'de', texts: { en: { title: 'A', body: '<p>b</p>' } } },
      'texts.de',
      'default_language_text_required',
    );
    await refuse({ kind: 'video', defaultLanguage: 'en', texts: { en: { title: 'Clip' } } }, 'fileId', 'file_required');
    await refuse(
      { kind: 'file', defaultLanguage: 'en', texts: { en: { title: 'Plan' } }, fileId: crypto.randomUUID() },
      'fileId',
      'file_unknown',
    );
    expect((await outlineOf(admin, courseId)).lessons).toEqual([]);
  });

  it('when a video lesson has captions per language, then every reader gets them; other files or kinds are refused', async () => {
    const courseId = await newCourse();
    const video = {
      kind: 'video',
      defaultLanguage: 'en',
      texts: { en: { title: 'Walking to the exits' } },
      fileId: COURSE_FILE,
      captions: { en: CAPTIONS_EN, de: CAPTIONS_DE },
    };
    const created = await addLesson(courseId, video);
    expect(created.captions).toEqual({ en: CAPTIONS_EN, de: CAPTIONS_DE });
    expect((await outlineOf(learner, courseId)).lessons[0]?.captions).toEqual({ en: CAPTIONS_EN, de: CAPTIONS_DE });
    const changed = await admin.put(`/api/lessons/${created.id}`, { ...video, captions: { de: CAPTIONS_DE } });
    expect(changed.body.captions).toEqual({ de: CAPTIONS_DE });

    const refuse = async (body: unknown, issues: { path: string; code: string }[]) => {
      const answer = await admin.post(`/api/courses/${courseId}/lessons`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.issues).toEqual(issues);
    };
    await refuse({ ...video, captions: { en: COURSE_FILE, fr: crypto.randomUUID() } }, [
      { path: 'captions.en', code: 'captions_unknown' },
      { path: 'captions.fr', code: 'captions_unknown' },
    ]);
    await refuse({ ...video, kind: 'file' }, [{ path: 'captions', code: 'captions_not_allowed' }]);
    await refuse({ ...video, captions: { xx: CAPTIONS_EN } }, [{ path: 'captions', code: 'unrecognized_keys' }]);
    expect((await outlineOf(admin, courseId)).lessons).toHaveLength(1);
  });

  it('when a lesson is written without captions (as before them), then it answers none', async () => {
    const courseId = await newCourse();
    const lesson = await addLesson(courseId, textLesson('Before captions'));
    expect(lesson.captions).toEqual({});
  });

  it(`when a course holds ${LESSON_LIMITS.lessonsPerCourse} lessons, then one more is refused`, async () => {
    const courseId = await newCourse();
    const values = Array.from({ length: LESSON_LIMITS.lessonsPerCourse }, (_, index) => ({
      id: crypto.randomUUID(),
      course_id: courseId,
      position: index + 1,
      kind: 'text' as const,
      default_language: 'en' as const,
      texts: JSON.stringify({ en: { title: `Lesson ${index + 1}`, body: '<p>x</p>' } }),
      file_id: null,
      updated_at: new Date(),
    }));
    await service.database.db.insertInto('lessons').values(values).execute();
    const refused = await admin.post(`/api/courses/${courseId}/lessons`, textLesson('One more'));
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([{ path: 'lessons', code: 'lessons_too_many' }]);
  });

  it('when a user is deleted or a course is deleted, then their views and its lessons go', async () => {
    const courseId = await newCourse();
    const lesson = await addLesson(courseId);
    await learner.post(`/api/lessons/${lesson.id}/viewed`);
    await other.post(`/api/lessons/${lesson.id}/viewed`);
    const system = signedCaller(service.url, SYSTEM);
    const event = { id: crypto.randomUUID(), topic: EVENTS.userDeleted, payload: { userId: LEARNER.sub } };
    expect((await system.post('/internal/events', event)).status).toBe(200);
    expect((await outlineOf(learner, courseId)).lessons[0]?.viewedAt).toBeNull();
    expect((await outlineOf(other, courseId)).lessons[0]?.viewedAt).not.toBeNull();

    expect((await admin.delete(`/api/courses/${courseId}`)).status).toBe(200);
    const left = await service.database.db
      .selectFrom('lessons')
      .select('id')
      .where('course_id', '=', courseId)
      .execute();
    expect(left).toEqual([]);
  });
});
