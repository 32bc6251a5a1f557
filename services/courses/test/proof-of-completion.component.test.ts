import { mkdtemp } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import {
  completionRecordedSchema,
  courseChangedSchema,
  EVENTS,
  participationStartedSchema,
  resultReviewedSchema,
  resultUploadedSchema,
} from '@portal/contracts/events';
import { migrate } from '@portal/kit/db';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { componentSetup, fakeService, signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { openCoursesDatabase, startCoursesService } from '../src/app.ts';
import { loadCoursesConfig } from '../src/config.ts';
import { migrations } from '../src/data-access/schema.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'en' } as const;
const LEARNER = { sub: '00000000-0000-4000-8000-00000000001e', admin: false, lang: 'en' } as const;
const OTHER = { sub: '00000000-0000-4000-8000-00000000002e', admin: false, lang: 'en' } as const;
const KNOWN_USER = '00000000-0000-4000-8000-0000000000b1';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600 * 1024, 0x41), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const form = (content: Buffer | string, name: string, type = 'application/pdf') => {
  const data = new FormData();
  data.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  return data;
};

/** `builder` and what its methods chain to, with `method` waiting for `before` first. */
function waitingAt<T extends object>(builder: T, method: string, before: () => Promise<void>): T {
  return new Proxy(builder, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (key === method)
        return async (...args: unknown[]) => {
          await before();
          return value.apply(target, args) as unknown;
        };
      return (...args: unknown[]) => {
        const chained: unknown = value.apply(target, args);
        return chained !== null && typeof chained === 'object' ? waitingAt(chained, method, before) : chained;
      };
    },
  });
}

describe.each(testBackends())('proof of completion in the courses service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let auth: Awaited<ReturnType<typeof fakeService>>;
  let service: Awaited<ReturnType<typeof startCoursesService>>;
  let admin: ReturnType<typeof signedCaller>;
  let learner: ReturnType<typeof signedCaller>;
  let other: ReturnType<typeof signedCaller>;
  let categoryId: string;

  /** The payloads the service has put in its outbox on a topic about one course (or result), oldest first. */
  async function outboxOf<T>(topic: string, key: string, id: string): Promise<T[]> {
    const { rows } = await sql<{ payload: T }>`
      select payload from outbox where topic = ${topic} and payload->>${key} = ${id} order by id`.execute(
      service.database.db,
    );
    return rows.map((row) => row.payload);
  }
  const auditOf = async (objectId: string) =>
    (
      await sql<{ payload: AuditRecord }>`
        select payload from outbox where topic = ${EVENTS.auditRecorded} and payload->'object'->>'id' = ${objectId}
        order by id`.execute(service.database.db)
    ).rows.map((row) => row.payload);

  const newCourse = async (completionProof?: 'confirmation' | 'upload') => {
    const created = await admin.post('/api/courses', {
      title: `Fire safety ${Math.random()}`,
      description: '<p>Where the exits are.</p>',
      isPublished: true,
      categoryIds: [categoryId],
      ...(completionProof ? { completionProof } : {}),
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; updatedAt: string; completionProof: string };
  };
  const startedUploadCourse = async () => {
    const course = await newCourse('upload');
    expect((await learner.post(`/api/courses/register-for-course?courseId=${course.id}`)).status).toBe(200);
    return course.id;
  };

  beforeAll(async () => {
    setup = await componentSetup(backend, 'courses');
    auth = await fakeService((router) => {
      router.get('/internal/users/:id', (req, res) => {
        if (req.params.id === KNOWN_USER) res.json({ id: KNOWN_USER });
        else if (req.params.id === LEARNER.sub) {
          res.json({
            id: LEARNER.sub,
            name: 'Lena Keller',
            email: 'lena@example.com',
            language: 'de',
            isSysAdmin: false,
          });
        } else res.status(404).json({ error: { code: 'not_found', message: 'User not found' } });
      });
    });
    service = await startCoursesService(
      loadCoursesConfig({ ...setup.env, AUTH_SERVICE_URL: auth.url, MAX_FILE_BYTES: String(PDF.length + 10) }),
    );
    admin = signedCaller(service.url, ADMIN);
    learner = signedCaller(service.url, LEARNER);
    other = signedCaller(service.url, OTHER);
    categoryId = (await admin.post('/api/categories', { name: `Safety ${Math.random()}` })).body.id as string;
  });

  afterAll(() => setup?.close(service, auth));

  it('when an author chooses how completion is proved, then the choice round-trips and an update without it keeps it', async () => {
    const plain = await newCourse();
    expect(plain.completionProof).toBe('confirmation');
    const course = await newCourse('upload');
    expect(course.completionProof).toBe('upload');
    expect((await learner.get(`/api/courses/${course.id}`)).body.completionProof).toBe('upload');
    const kept = await admin.put('/api/courses', {
      id: course.id,
      updatedAt: course.updatedAt,
      title: 'Fire safety, revised',
      description: '<p>Where the exits are.</p>',
      isPublished: true,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.completionProof).toBe('upload');
    const changed = await admin.put('/api/courses', {
      id: course.id,
      updatedAt: kept.body.updatedAt,
      title: 'Fire safety, revised',
      description: '<p>Where the exits are.</p>',
      isPublished: true,
      completionProof: 'confirmation',
    });
    expect(changed.body.completionProof).toBe('confirmation');
    const refused = await admin.post('/api/courses', {
      title: 'Odd',
      description: '<p>Odd.</p>',
      isPublished: true,
      categoryIds: [categoryId],
      completionProof: 'telepathy',
    });
    expect(refused.status).toBe(400);
  });

  it('when a course asks for an upload, then complete-course answers 409 completion_needs_result; a confirmation course completes as before', async () => {
    const uploadCourse = await startedUploadCourse();
    const refused = await learner.post(`/api/courses/complete-course?courseId=${uploadCourse}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('completion_needs_result');
    const plain = await newCourse();
    await learner.post(`/api/courses/register-for-course?courseId=${plain.id}`);
    const completed = await learner.post(`/api/courses/complete-course?courseId=${plain.id}`);
    expect(completed.status).toBe(200);
    expect(completed.body.completedAt).not.toBeNull();
  });

  it('when a result is not a PDF or an image by its content, or too large, or the course does not ask for one, then it is refused with a clear code and nothing is kept', async () => {
    const courseId = await startedUploadCourse();
    const disguised = await learner.post(
      `/api/courses/${courseId}/result`,
      form('#!/bin/sh\necho not a pdf\n', 'result.pdf'),
    );
    expect(disguised.status).toBe(415);
    expect(disguised.body.error.code).toBe('result_type_unsupported');
    const large = await learner.post(
      `/api/courses/${courseId}/result`,
      form(Buffer.concat([PDF, Buffer.alloc(1024)]), 'large.pdf'),
    );
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe('result_too_large');
    const empty = await learner.post(`/api/courses/${courseId}/result`, form('', 'empty.pdf'));
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues).toContainEqual({ path: 'file', code: 'result_empty' });
    expect((await learner.get(`/api/courses/${courseId}/result`)).body).toBeNull();
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from course_results where course_id = ${courseId}`.execute(service.database.db);
    expect(rows[0]?.count).toBe(0);

    const plain = await newCourse();
    await learner.post(`/api/courses/register-for-course?courseId=${plain.id}`);
    const notAsked = await learner.post(`/api/courses/${plain.id}/result`, form(PDF, 'result.pdf'));
    expect(notAsked.status).toBe(409);
    expect(notAsked.body.error.code).toBe('completion_by_confirmation');
    const notStarted = await other.post(`/api/courses/${courseId}/result`, form(PDF, 'result.pdf'));
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.error.code).toBe('not_started');
  });

  it('when a learner uploads a PDF, then it waits for review, its owner and administrators download the same bytes, and nobody else', async () => {
    const courseId = await startedUploadCourse();
    const uploaded = await learner.post(`/api/courses/${courseId}/result`, form(PDF, 'Zertifikat Brandschutz.pdf'));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      courseId,
      userId: LEARNER.sub,
      fileName: 'Zertifikat Brandschutz.pdf',
      fileType: 'application/pdf',
      fileSize: PDF.length,
      status: 'pending',
      reviewComment: null,
    });
    expect((await learner.get(`/api/courses/${courseId}/result`)).body).toMatchObject({ status: 'pending' });
    const again = await learner.post(`/api/courses/${courseId}/result`, form(PNG, 'photo.png', 'image/png'));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('result_pending');

    const file = `/api/courses/results/${uploaded.body.id}/file`;
    const mine = await learner.get<string>(file);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toContain('attachment');
    expect(Number(mine.headers.get('content-length'))).toBe(PDF.length);
    // The PDF is ASCII: read back as text, it is the bytes sent, chunk after chunk.
    expect(mine.body).toBe(PDF.toString('latin1'));
    expect((await admin.get(file)).status).toBe(200);
    expect((await other.get(file)).status).toBe(404);
    expect((await fetch(new URL(file, service.url))).status).toBe(401);
  });

  it('when the learner is gone once the whole result is read but before it is kept, then it is removed again and a new upload is taken', async () => {
    const courseId = await startedUploadCourse();
    const db = service.database.db;
    const transaction = db.transaction.bind(db);
    let reachedKeeping: () => void = () => undefined;
    const keeping = new Promise<void>((resolve) => (reachedKeeping = resolve));
    let learnerGone: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (learnerGone = resolve));
    // The result's last step waits until the learner has gone, as when the gateway's timeout ends the call.
    // The step runs in a transaction with its event: the transaction's own update of the result is held.
    const spy = jest.spyOn(db, 'transaction').mockImplementation(() => {
      const builder = transaction();
      const execute = builder.execute.bind(builder);
      builder.execute = ((work: Parameters<typeof execute>[0]) =>
        execute((trx) => {
          const updateTable = trx.updateTable.bind(trx);
          trx.updateTable = ((table: 'course_results as r') =>
            table === 'course_results as r'
              ? waitingAt(updateTable(table), 'executeTakeFirstOrThrow', async () => {
                  reachedKeeping();
                  await gone;
                })
              : updateTable(table)) as typeof trx.updateTable;
          return work(trx);
        })) as typeof builder.execute;
      return builder;
    });
    try {
      const url = new URL(`/api/courses/${courseId}/result`, service.url);
      const boundary = 'late-result';
      const upload = request(url, {
        method: 'POST',
        headers: {
          [IDENTITY_HEADER]: signIdentity(LEARNER, { method: 'POST', path: url.pathname }, TEST_SECRET),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      upload.on('error', () => undefined);
      upload.end(
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      );
      await keeping;
      upload.destroy();
      await new Promise((resolve) => upload.once('close', resolve));
      // The service, in this process, sees the closed connection on its next turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      learnerGone();
      // Kept, then removed: both are in the outbox once the removal is done (an empty answer alone may come first).
      const removed = async () => {
        const [late] = await outboxOf<{ resultId: string }>(EVENTS.resultUploaded, 'courseId', courseId);
        return late !== undefined && (await outboxOf(EVENTS.resultDiscarded, 'resultId', late.resultId)).length > 0;
      };
      for (let attempt = 0; attempt < 100 && !(await removed()); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await learner.get(`/api/courses/${courseId}/result`)).body).toBeNull();
    } finally {
      spy.mockRestore();
    }
    const again = await learner.post(`/api/courses/${courseId}/result`, form(PNG, 'photo.png', 'image/png'));
    expect(again.status).toBe(201);
    const [late] = await outboxOf<{ resultId: string }>(EVENTS.resultUploaded, 'courseId', courseId);
    expect(await outboxOf(EVENTS.resultDiscarded, 'resultId', late?.resultId ?? '')).toEqual([
      { resultId: late?.resultId },
    ]);
  });

  it('when an employee calls the reviewers’ routes, then they get 403', async () => {
    expect((await learner.get('/api/courses/results?status=pending')).status).toBe(403);
    const review = await learner.post(`/api/courses/results/${crypto.randomUUID()}/review`, { decision: 'approve' });
    expect(review.status).toBe(403);
  });

  it('when an administrator rejects a result with a comment, then the learner sees why and uploads again; approval records the completion once, and the trail names the person and the course', async () => {
    const courseId = await startedUploadCourse();
    const first = (await learner.post(`/api/courses/${courseId}/result`, form(PNG, 'scan.png', 'image/png'))).body;
    const queue = await admin.get('/api/courses/results?status=pending&limit=100');
    expect(queue.status).toBe(200);
    expect(Number(queue.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect(queue.body).toContainEqual(
      expect.objectContaining({ id: first.id, courseId, userId: LEARNER.sub, fileType: 'image/png' }),
    );
    expect(queue.body.find((result: { id: string }) => result.id === first.id)).toMatchObject({
      courseTitle: expect.stringMatching(/^Fire safety/),
      person: { name: 'Lena Keller', email: 'lena@example.com' },
    });

    const withoutWhy = await admin.post(`/api/courses/results/${first.id}/review`, { decision: 'reject' });
    expect(withoutWhy.status).toBe(400);
    const rejected = await admin.post(`/api/courses/results/${first.id}/review`, {
      decision: 'reject',
      comment: 'The scan is unreadable',
    });
    expect(rejected.status).toBe(200);
    expect((await learner.get(`/api/courses/${courseId}/result`)).body).toMatchObject({
      status: 'rejected',
      reviewComment: 'The scan is unreadable',
    });
    expect((await learner.get('/api/courses/participations/mine')).body).toContainEqual(
      expect.objectContaining({ courseId, completedAt: null }),
    );

    const second = (await learner.post(`/api/courses/${courseId}/result`, form(PDF, 'result.pdf'))).body;
    expect(second.status).toBe('pending');
    const approved = await admin.post(`/api/courses/results/${second.id}/review`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect((await learner.get('/api/courses/participations/mine')).body).toContainEqual(
      expect.objectContaining({ courseId, completedAt: expect.any(String) }),
    );
    const completions = await sql<{ count: number }>`
      select count(*)::int as count from completions where course_id = ${courseId} and user_id = ${LEARNER.sub}`.execute(
      service.database.db,
    );
    expect(completions.rows[0]?.count).toBe(1);
    const recorded = await outboxOf(EVENTS.completionRecorded, 'courseId', courseId);
    expect(recorded).toHaveLength(1);
    expect(completionRecordedSchema.parse(recorded[0])).toMatchObject({ courseId, userId: LEARNER.sub });

    const reviewed = (await outboxOf(EVENTS.resultReviewed, 'courseId', courseId)).map((event) =>
      resultReviewedSchema.parse(event),
    );
    expect(reviewed).toEqual([
      expect.objectContaining({ resultId: first.id, decision: 'rejected', comment: 'The scan is unreadable' }),
      expect.objectContaining({ resultId: second.id, userId: LEARNER.sub, decision: 'approved', comment: null }),
    ]);

    const uploaded = (await outboxOf(EVENTS.resultUploaded, 'courseId', courseId)).map((event) =>
      resultUploadedSchema.parse(event),
    );
    expect(uploaded).toEqual([
      { resultId: first.id, courseId, userId: LEARNER.sub, uploadedAt: first.uploadedAt },
      { resultId: second.id, courseId, userId: LEARNER.sub, uploadedAt: second.uploadedAt },
    ]);

    const twice = await admin.post(`/api/courses/results/${second.id}/review`, { decision: 'approve' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('result_not_pending');
    const unknown = await admin.post(`/api/courses/results/${crypto.randomUUID()}/review`, { decision: 'approve' });
    expect(unknown.status).toBe(404);
    const afterApproval = await learner.post(`/api/courses/${courseId}/result`, form(PDF, 'result.pdf'));
    expect(afterApproval.body.error.code).toBe('already_completed');

    expect((await auditOf(first.id)).map((record) => record.action)).toEqual(['course-result.rejected']);
    const courseTitle = (await admin.get(`/api/courses/${courseId}`)).body.title;
    expect(await auditOf(second.id)).toEqual([
      expect.objectContaining({
        action: 'course-result.approved',
        actor: { id: ADMIN.sub },
        object: { type: 'course-result', id: second.id, label: `lena@example.com, Lena Keller: ${courseTitle}` },
        changes: { status: { before: 'pending', after: 'approved' } },
      }),
    ]);
  });

  it('when courses are written and taken, then each write puts its event and audit record in the outbox', async () => {
    const course = await newCourse('upload');
    const changedOnCreate = await outboxOf(EVENTS.courseChanged, 'courseId', course.id);
    expect(changedOnCreate.map((payload) => courseChangedSchema.parse(payload))).toEqual([
      expect.objectContaining({ published: true, completionProof: 'upload', defaultLanguage: 'en' }),
    ]);
    const unpublished = await admin.put('/api/courses', {
      id: course.id,
      updatedAt: course.updatedAt,
      title: 'Fire safety, draft',
      description: '<p>Where the exits are now.</p>',
      isPublished: false,
    });
    expect(unpublished.status).toBe(200);
    const changed = await outboxOf<{ titles: { en: string }; published: boolean }>(
      EVENTS.courseChanged,
      'courseId',
      course.id,
    );
    expect(changed.at(-1)).toMatchObject({ titles: { en: 'Fire safety, draft' }, published: false });

    const republished = await admin.put('/api/courses', { ...unpublished.body, isPublished: true });
    expect(republished.status).toBe(200);
    await learner.post(`/api/courses/register-for-course?courseId=${course.id}`);
    await learner.post(`/api/courses/register-for-course?courseId=${course.id}`);
    await admin.post('/api/courses/register-user-to-course', { courseId: course.id, userId: KNOWN_USER });
    const started = await outboxOf(EVENTS.participationStarted, 'courseId', course.id);
    expect(started.map((payload) => participationStartedSchema.parse(payload).userId)).toEqual([
      LEARNER.sub,
      KNOWN_USER,
    ]);

    expect((await admin.delete(`/api/courses/${course.id}`)).status).toBe(200);
    expect(await outboxOf(EVENTS.courseDeleted, 'courseId', course.id)).toEqual([{ courseId: course.id }]);

    const audit = await auditOf(course.id);
    expect(audit.map((record) => record.action)).toEqual([
      'course.created',
      'course.unpublished',
      'course.published',
      'course.deleted',
    ]);
    expect(audit[1]?.changes).toMatchObject({
      isPublished: { before: true, after: false },
      'title.en': { before: expect.stringMatching(/^Fire safety/), after: 'Fire safety, draft' },
      'description.en': { before: expect.stringMatching(/^sha256:/), after: expect.stringMatching(/^sha256:/) },
    });
    expect(audit[3]).toMatchObject({ actor: { id: ADMIN.sub }, object: { label: 'Fire safety, draft' } });
  });

  it('when a database holds courses, participations and completions from before the events, then the backfill puts them in the outbox once', async () => {
    const scratch = await backend.database();
    const database = await openCoursesDatabase({
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'courses-backfill-')),
      DATABASE_POOL_SIZE: 1,
      DATABASE_URL: scratch.url,
    });
    try {
      const db = database.db;
      const before = migrations.findIndex((migration) => migration.id === '006-training-events-backfill');
      await migrate(db, 'courses', migrations.slice(0, before));
      const courseId = crypto.randomUUID();
      await sql`insert into courses (id, default_language, languages, search_text, is_published, completion_proof, updated_at)
        values (${courseId}, 'de', '{de,fr}', 'x', true, 'upload', now())`.execute(db);
      await sql`insert into course_texts (course_id, language, title, short_description, short_description_authored, description_html)
        values (${courseId}, 'de', 'Brandschutz', '', false, '<p>x</p>'), (${courseId}, 'fr', 'Incendie', '', false, '<p>x</p>')`.execute(
        db,
      );
      await sql`insert into participations (course_id, user_id, started_at, completed_at)
        values (${courseId}, ${LEARNER.sub}, '2026-03-01T08:00:00Z', '2026-03-02T09:30:00Z')`.execute(db);
      await sql`insert into completions (course_id, user_id, completed_at)
        values (${courseId}, ${LEARNER.sub}, '2026-03-02T09:30:00Z')`.execute(db);

      await migrate(db, 'courses', migrations);
      await migrate(db, 'courses', migrations);

      const { rows } = await sql<{ topic: string; payload: unknown }>`
        select topic, payload from outbox order by id`.execute(db);
      expect(rows.map((row) => row.topic)).toEqual([
        EVENTS.courseChanged,
        EVENTS.participationStarted,
        EVENTS.completionRecorded,
      ]);
      expect(courseChangedSchema.parse(rows[0]?.payload)).toEqual({
        courseId,
        titles: { de: 'Brandschutz', fr: 'Incendie' },
        defaultLanguage: 'de',
        published: true,
        completionProof: 'upload',
      });
      expect(participationStartedSchema.parse(rows[1]?.payload)).toEqual({
        courseId,
        userId: LEARNER.sub,
        startedAt: '2026-03-01T08:00:00.000Z',
      });
      expect(completionRecordedSchema.parse(rows[2]?.payload)).toEqual({
        courseId,
        userId: LEARNER.sub,
        completedAt: '2026-03-02T09:30:00.000Z',
      });
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
