import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import type { HttpSession } from '@portal/kit/testing/http-session';
import { startTestPortal, TEST_PASSWORD, type TestPortal } from './harness.ts';

const UNKNOWN_ID = '7b0f3c57-1d2e-4a8b-9c3d-2e1f0a9b8c7d';

/** The caller's participation in one course, from their participations (lists and course bodies carry none). */
async function participationIn(caller: HttpSession, courseId: string) {
  const mine = (await caller.get('/api/courses/participations/mine')).body as {
    courseId: string;
    completedAt: string | null;
  }[];
  return mine.find((participation) => participation.courseId === courseId);
}

describe.each(testBackends())('courses and categories through the gateway on $name', (backend) => {
  let portal: TestPortal;
  let admin: HttpSession;
  let employee: HttpSession & { userId: string };
  let categoryId: string;

  async function createCourse(overrides: Record<string, unknown> = {}) {
    const response = await admin.post('/api/courses', {
      title: 'Course',
      description: '<p>Learn something useful.</p>',
      isPublished: true,
      categoryIds: [categoryId],
      ...overrides,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  beforeAll(async () => {
    portal = await startTestPortal(backend);
    admin = await portal.admin();
    employee = await portal.employee();
    const category = await admin.post('/api/categories', { name: `Security ${Date.now()}` });
    categoryId = category.body.id;
  });
  afterAll(() => portal?.stop());

  describe('categories', () => {
    it('when an administrator creates, renames and deletes a category, then everyone sees the change and the id stays', async () => {
      const created = await admin.post('/api/categories', { name: '  Onboarding  ' });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Onboarding');
      expect((await employee.get('/api/categories')).body).toEqual(expect.arrayContaining([created.body]));

      const renamed = await admin.request('PATCH', `/api/categories?id=${created.body.id}`, {
        json: { name: 'First days' },
      });
      expect(renamed.body).toEqual({ id: created.body.id, name: 'First days' });
      expect((await employee.get(`/api/categories/by-id?id=${created.body.id}`)).body.name).toBe('First days');
      const put = await admin.request('PUT', `/api/categories?id=${created.body.id}`, {
        json: { name: 'First weeks' },
      });
      expect(put.body.name).toBe('First weeks');

      expect((await admin.request('DELETE', `/api/categories?id=${created.body.id}`)).status).toBe(200);
      expect((await employee.get(`/api/categories/by-id?id=${created.body.id}`)).status).toBe(404);
    });

    it('when names clash in any letter case, or are empty or too long, then they are refused', async () => {
      await admin.post('/api/categories', { name: 'Leadership' });
      const clash = await admin.post('/api/categories', { name: 'LEADERSHIP' });
      expect(clash.status).toBe(409);
      expect(clash.body.error.code).toBe('category_name_taken');
      expect((await admin.post('/api/categories', { name: '   ' })).status).toBe(400);
      expect((await admin.post('/api/categories', { name: 'x'.repeat(61) })).status).toBe(400);
    });

    it('when ids are unknown or malformed, then 404 and 400', async () => {
      expect((await admin.request('PUT', `/api/categories?id=${UNKNOWN_ID}`, { json: { name: 'Nope' } })).status).toBe(
        404,
      );
      expect((await admin.request('DELETE', `/api/categories?id=${UNKNOWN_ID}`)).status).toBe(404);
      expect((await admin.get(`/api/categories/by-id?id=${UNKNOWN_ID}`)).status).toBe(404);
      expect((await admin.get('/api/categories/by-id?id=42')).status).toBe(400);
    });

    it('when a category is still used by a course, then deleting it answers 400 category_in_use', async () => {
      const used = await admin.post('/api/categories', { name: `In use ${Date.now()}` });
      await createCourse({ categoryIds: [used.body.id] });
      const refused = await admin.request('DELETE', `/api/categories?id=${used.body.id}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('category_in_use');
    });

    it('when an employee or a visitor writes categories, then the server refuses', async () => {
      expect((await employee.post('/api/categories', { name: 'Mine' })).status).toBe(403);
      expect((await employee.request('DELETE', `/api/categories?id=${categoryId}`)).status).toBe(403);
      expect((await portal.session().get('/api/categories')).status).toBe(401);
    });
  });

  describe('courses', () => {
    it('when an administrator creates a course, then it answers as saved and employees see it in the shape of spec §7', async () => {
      const course = await createCourse({ title: '  Phishing basics  ' });
      const saved = {
        id: expect.any(String),
        title: 'Phishing basics',
        description: '<p>Learn something useful.</p>',
        isPublished: true,
        categories: [{ id: categoryId, name: expect.any(String) }],
      };
      expect(course).toMatchObject({ ...saved, updatedAt: expect.any(String) });
      const seen = await employee.get(`/api/courses/${course.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        ...saved,
        participants: [],
        files: [],
        updatedAt: course.updatedAt,
      });
      const headed = await createCourse({
        description: '<h2>First steps</h2><p>Then&nbsp;more.</p><ul><li>One</li><li>Two</li></ul>',
      });
      expect(headed.shortDescription).toBe('First steps · Then more. One · Two');
    });

    it('when the description carries scripts, handlers or bad links, then only the allowed markup is stored', async () => {
      const course = await createCourse({
        title: '<img src=x onerror=alert(1)>',
        description:
          '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://example.ch">good</a> <span style="color: #6b21a8; position: fixed">purple</span></p><iframe src="https://evil"></iframe>',
      });
      expect(course.description).not.toMatch(/script|onclick|javascript|iframe|position/);
      expect(course.description).toContain(
        '<a href="https://example.ch" target="_blank" rel="noopener noreferrer nofollow">good</a>',
      );
      expect(course.description).toContain('<span style="color:#6b21a8">purple</span>');
      // A title is plain text: stored as typed, rendered as text by the slices.
      expect(course.title).toBe('<img src=x onerror=alert(1)>');
    });

    it('when the form breaks a rule, then it answers 400 naming the field and stores nothing', async () => {
      const before = Number((await admin.get('/api/courses?limit=1')).headers.get('x-total-count'));
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, 'title'],
        [{ title: 'x'.repeat(101) }, 'title'],
        [{ description: '<p>   </p>' }, 'description'],
        [{ description: `<p>${'a'.repeat(2501)}</p>` }, 'description'],
        [{ description: '<script>only code</script>' }, 'description'],
        [{ categoryIds: [] }, 'categoryIds'],
        [{ categoryIds: [UNKNOWN_ID] }, 'categoryIds'],
        [{ categoryIds: ['not-a-uuid'] }, 'categoryIds.0'],
        [{ isPublished: 'yes' }, 'isPublished'],
      ];
      for (const [change, field] of cases) {
        const response = await admin.post('/api/courses', {
          title: 'Valid',
          description: '<p>Valid</p>',
          isPublished: true,
          categoryIds: [categoryId],
          ...change,
        });
        expect({ field, status: response.status }).toEqual({ field, status: 400 });
        expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
      }
      expect(Number((await admin.get('/api/courses?limit=1')).headers.get('x-total-count'))).toBe(before);
      const exactly2500 = await admin.post('/api/courses', {
        title: 'Long',
        description: `<p><strong>${'a'.repeat(2500)}</strong></p>`,
        isPublished: false,
        categoryIds: [categoryId],
      });
      expect(exactly2500.status).toBe(201);
    });

    it('when a course is read in another language through the gateway, then it falls back to its default and Content-Language says so', async () => {
      const created = await admin.post('/api/courses', {
        defaultLanguage: 'de',
        texts: {
          de: { title: 'Kurs', description: '<p>Auf Deutsch.</p>' },
          rm: { title: 'Curs', description: '<p>En rumantsch.</p>' },
        },
        isPublished: true,
        categoryIds: [categoryId],
      });
      expect(created.status).toBe(201);
      const romansh = await employee.get(`/api/courses/${created.body.id}?lang=rm`);
      expect(romansh.headers.get('content-language')).toBe('rm');
      expect(romansh.body).toMatchObject({ title: 'Curs', language: 'rm', languages: ['de', 'rm'] });
      expect(romansh.body).not.toHaveProperty('texts');
      const french = await employee.get(`/api/courses/${created.body.id}?lang=fr`);
      expect(french.headers.get('content-language')).toBe('de');
      expect(french.body).toMatchObject({ title: 'Kurs', language: 'de', defaultLanguage: 'de' });
    });

    it('when two administrators edit the same course, then the second save answers 409 and the first one stays', async () => {
      // The saved answer without its every-language texts: sent back, it is the spec's single-language payload.
      const { texts: _texts, ...course } = await createCourse({ title: 'Original' });
      const first = await admin.request('PUT', '/api/courses', {
        json: { ...course, title: 'First edit', categoryIds: [categoryId] },
      });
      expect(first.status).toBe(200);
      expect(first.body.updatedAt).not.toBe(course.updatedAt);
      const second = await admin.request('PUT', '/api/courses', {
        json: { ...course, title: 'Second edit', categoryIds: [categoryId] },
      });
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('course_changed');
      expect((await admin.get(`/api/courses/${course.id}`)).body.title).toBe('First edit');
      const missing = await admin.request('PUT', '/api/courses', {
        json: { ...course, id: UNKNOWN_ID, categoryIds: [categoryId] },
      });
      expect(missing.status).toBe(404);
    });

    it('when an employee calls the administrator API by hand, then every write is refused with 403', async () => {
      const course = await createCourse();
      const body = { title: 'Hack', description: '<p>x</p>', isPublished: true, categoryIds: [categoryId] };
      expect((await employee.post('/api/courses', body)).status).toBe(403);
      expect(
        (
          await employee.request('PUT', '/api/courses', {
            json: { ...body, id: course.id, updatedAt: course.updatedAt },
          })
        ).status,
      ).toBe(403);
      expect((await employee.request('DELETE', `/api/courses/${course.id}`)).status).toBe(403);
      expect(
        (await employee.post('/api/courses/register-user-to-course', { courseId: course.id, userId: employee.userId }))
          .status,
      ).toBe(403);
      expect((await portal.session().get('/api/courses')).status).toBe(401);
    });

    it('when there are drafts, then only administrators see them', async () => {
      const draft = await createCourse({ title: `Draft ${Date.now()}`, isPublished: false });
      expect((await employee.get(`/api/courses/${draft.id}`)).status).toBe(404);
      expect((await employee.get('/api/courses?published=false')).status).toBe(403);
      const employeeList = await employee.get('/api/courses');
      expect(employeeList.body.every((course: { isPublished: boolean }) => course.isPublished)).toBe(true);
      const drafts = await admin.get('/api/courses?published=false');
      expect(drafts.body.map((course: { id: string }) => course.id)).toContain(draft.id);
      expect(drafts.body.every((course: { isPublished: boolean }) => !course.isPublished)).toBe(true);
      expect((await employee.post(`/api/courses/register-for-course?courseId=${draft.id}`)).status).toBe(404);
    });

    it('when an employee starts and stops a course, then they are active in between, the completion is recorded, and they can start again', async () => {
      const course = await createCourse({ title: 'Start and stop' });
      const started = await employee.post(`/api/courses/register-for-course?courseId=${course.id}`);
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({ courseId: course.id, userId: employee.userId, completedAt: null });
      const details = await employee.get(`/api/courses/${course.id}`);
      expect(details.body.participants).toEqual([{ id: employee.userId }]);
      expect(await participationIn(employee, course.id)).toEqual(expect.objectContaining({ completedAt: null }));

      const completed = await employee.post(`/api/courses/complete-course?courseId=${course.id}`);
      expect(completed.status).toBe(200);
      expect(completed.body.completedAt).toEqual(expect.any(String));
      expect((await employee.get(`/api/courses/${course.id}`)).body.participants).toEqual([]);
      expect((await participationIn(employee, course.id))?.completedAt).toBe(completed.body.completedAt);
      expect((await employee.post(`/api/courses/completeCourse?courseId=${course.id}`)).status).toBe(409);

      const again = await employee.request('GET', `/api/courses/registerForCourse?courseId=${course.id}`);
      expect(again.status).toBe(200);
      expect((await participationIn(employee, course.id))?.completedAt).toBeNull();
      const withoutHeader = await employee.request('GET', `/api/courses/register-for-course?courseId=${course.id}`, {
        csrf: false,
      });
      expect(withoutHeader.status).toBe(403);
    });

    it('when an administrator registers another user to a course, then that user is a participant', async () => {
      const course = await createCourse();
      const other = await portal.employee();
      const registered = await admin.post('/api/courses/register-user-to-course', {
        courseId: course.id,
        userId: other.userId,
      });
      expect(registered.status).toBe(200);
      expect((await participationIn(other, course.id))?.completedAt).toBeNull();
      expect(
        (await admin.post('/api/courses/register-user-to-course', { courseId: course.id, userId: UNKNOWN_ID })).status,
      ).toBe(404);
      expect((await admin.post('/api/courses/register-user-to-course', { courseId: course.id })).status).toBe(400);
    });

    it('when a course is deleted, then it is gone with its participations; unknown and malformed ids answer 404 and 400', async () => {
      const course = await createCourse();
      await employee.post(`/api/courses/register-for-course?courseId=${course.id}`);
      expect((await admin.request('DELETE', `/api/courses/${course.id}`)).status).toBe(200);
      expect((await employee.get(`/api/courses/${course.id}`)).status).toBe(404);
      expect((await admin.request('DELETE', `/api/courses/${course.id}`)).status).toBe(404);
      expect((await employee.get('/api/courses/not-a-uuid')).status).toBe(400);
      expect((await employee.post('/api/courses/register-for-course?courseId=nope')).status).toBe(400);
    });

    it('when the list is paged, searched and filtered, then the server narrows it and counts the total', async () => {
      const tag = `Zürich${Date.now()}`;
      const category = (await admin.post('/api/categories', { name: `Paging ${tag}` })).body.id;
      for (let index = 0; index < 5; index += 1) {
        await createCourse({ title: `Cafe ${tag} ${index}`, categoryIds: [category] });
      }
      await createCourse({ title: `Other ${tag}`, description: '<p>Nothing to see: café crème.</p>' });

      const page = await employee.get(`/api/courses?categoryId=${category}&limit=2&offset=0`);
      expect(page.body).toHaveLength(2);
      expect(page.headers.get('x-total-count')).toBe('5');
      const last = await employee.get(`/api/courses?categoryId=${category}&limit=2&offset=4`);
      expect(last.body).toHaveLength(1);
      const titles = [
        ...page.body,
        ...(await employee.get(`/api/courses?categoryId=${category}&limit=2&offset=2`)).body,
        ...last.body,
      ].map((course: { title: string }) => course.title);
      expect(new Set(titles).size).toBe(5);

      const accentless = await employee.get(
        `/api/courses?q=${encodeURIComponent(`zurich${Date.now()}`.slice(0, 6))}&limit=100`,
      );
      expect(accentless.body.length).toBeGreaterThanOrEqual(6);
      const inDescription = await employee.get(`/api/courses?q=${encodeURIComponent('CAFÉ CRÈME')}`);
      expect(inDescription.body.map((course: { title: string }) => course.title)).toContain(`Other ${tag}`);
      const literalPercent = await employee.get(`/api/courses?q=${encodeURIComponent('%')}`);
      expect(literalPercent.body).toEqual([]);
      expect((await employee.get('/api/courses?limit=0')).status).toBe(400);
      expect((await employee.get('/api/courses?limit=101')).status).toBe(400);
      expect((await employee.get('/api/courses?categoryId=nope')).status).toBe(400);
    });

    it('when a user is deleted, then their participations go too (user.deleted event)', async () => {
      const course = await createCourse();
      const leaving = await portal.employee();
      await leaving.post(`/api/courses/register-for-course?courseId=${course.id}`);
      expect((await admin.get(`/api/courses/${course.id}`)).body.participants).toEqual([{ id: leaving.userId }]);
      const account = await leaving.request('DELETE', '/api/user/delete-user', { json: { password: TEST_PASSWORD } });
      expect(account.status).toBe(200);
      await portal.relayEvents();
      expect((await admin.get(`/api/courses/${course.id}`)).body.participants).toEqual([]);
    });
  });
});
