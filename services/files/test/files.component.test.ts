import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import { componentSetup, fakeService, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { startFilesService } from '../src/app.ts';
import { loadFilesConfig } from '../src/config.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'en' } as const;
const EMPLOYEE = { sub: '00000000-0000-4000-8000-00000000000e', admin: false, lang: 'en' } as const;
const VISIBLE = '00000000-0000-4000-8000-0000000000c1';
const DRAFT = '00000000-0000-4000-8000-0000000000c2';

const form = (content: string, name = 'notes.txt') => {
  const data = new FormData();
  data.append('file', new Blob([content], { type: 'text/plain' }), name);
  return data;
};

describe.each(testBackends())('the files service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let courses: Awaited<ReturnType<typeof fakeService>>;
  let service: Awaited<ReturnType<typeof startFilesService>>;
  let admin: ReturnType<typeof signedCaller>;
  let employee: ReturnType<typeof signedCaller>;

  beforeAll(async () => {
    setup = await componentSetup(backend, 'files');
    // The courses service decides who sees a course: the draft is for administrators only.
    courses = await fakeService((router) => {
      router.get('/internal/courses/:id/visibility', (req, res) => {
        const identity = JSON.parse(
          Buffer.from(req.get('x-portal-identity')?.split('.')[0] ?? '', 'base64url').toString(),
        );
        const visible = req.params.id === VISIBLE || (req.params.id === DRAFT && identity.admin === true);
        res.status(visible ? 204 : 404).end();
      });
    });
    service = await startFilesService(
      loadFilesConfig({
        ...setup.env,
        COURSES_SERVICE_URL: courses.url,
        CHUNK_BYTES: '1024',
      }),
    );
    admin = signedCaller(service.url, ADMIN);
    employee = signedCaller(service.url, EMPLOYEE);
  });

  afterAll(() => setup?.close(service, courses));

  it('when an administrator uploads a file, then employees list it and download the same bytes in chunks', async () => {
    const content = 'x'.repeat(5000);
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form(content));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ fileName: 'notes.txt', fileSize: 5000, courseId: VISIBLE });
    const listed = await employee.get(`/api/files/course/${VISIBLE}/files`);
    expect(listed.body).toEqual([expect.objectContaining({ id: uploaded.body.id })]);
    const downloaded = await employee.get(`/api/files/download/${uploaded.body.id}`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.body).toBe(content);
    expect(downloaded.headers.get('content-disposition')).toContain('attachment');
    const chunks = await service.database.db
      .selectFrom('file_chunks')
      .select('n')
      .where('file_id', '=', uploaded.body.id)
      .execute();
    expect(chunks).toHaveLength(5);
  });

  it('when the courses service says the course is not visible, then uploads and lists answer 404 and nothing is stored', async () => {
    const refused = await admin.post(`/api/files/upload?courseId=00000000-0000-4000-8000-0000000000c9`, form('secret'));
    expect(refused.status).toBe(404);
    expect(courses.calls.at(-1)).toMatchObject({
      path: '/internal/courses/00000000-0000-4000-8000-0000000000c9/visibility',
    });
    const stored = await service.database.db
      .selectFrom('files')
      .select('id')
      .where('course_id', '=', '00000000-0000-4000-8000-0000000000c9')
      .execute();
    expect(stored).toEqual([]);
    expect((await admin.post(`/api/files/upload?courseId=${DRAFT}`, form('draft notes'))).status).toBe(201);
    expect((await employee.get(`/api/files/course/${DRAFT}/files`)).status).toBe(404);
  });

  it('when course.deleted arrives, then the course files and their chunks are gone', async () => {
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('y'.repeat(3000)));
    expect(uploaded.status).toBe(201);
    const system = signedCaller(service.url, { sub: null, admin: false, lang: 'en' });
    const event = { id: crypto.randomUUID(), topic: EVENTS.courseDeleted, payload: { courseId: VISIBLE } };
    expect((await system.post('/internal/events', event)).status).toBe(200);
    const left = await service.database.db
      .selectFrom('file_chunks')
      .select('n')
      .where('file_id', '=', uploaded.body.id)
      .execute();
    expect(left).toEqual([]);
    expect((await admin.get(`/api/files/course/${VISIBLE}/files`)).body).toEqual([]);
  });

  it('when the courses service is down (the last test: it stays down), then an upload answers 503', async () => {
    await courses.stop();
    const refused = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('later'));
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('service_unavailable');
  });
});
