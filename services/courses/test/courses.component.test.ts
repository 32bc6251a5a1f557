import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import { systemAuditContext } from '@portal/kit/audit';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import {
  componentSetup,
  fakeService,
  type SignedCaller,
  signedCaller,
  TEST_SECRET,
} from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { startCoursesService } from '../src/app.ts';
import { loadCoursesConfig } from '../src/config.ts';
import { categoriesRepository } from '../src/data-access/categories-repository.ts';
import { coursesRepository } from '../src/data-access/courses-repository.ts';
import { participationsRepository } from '../src/data-access/participations-repository.ts';
import { resultsRepository } from '../src/data-access/results-repository.ts';
import { categories as createCategories } from '../src/domain/categories.ts';
import { courseWrite } from '../src/domain/course-write.ts';
import { courses as createCourses } from '../src/domain/courses.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'en' } as const;
const EMPLOYEE = { sub: '00000000-0000-4000-8000-00000000000e', admin: false, lang: 'en' } as const;
const KNOWN_USER = '00000000-0000-4000-8000-0000000000b1';
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
const lesson = (categoryIds: string[], title = 'Phishing basics') => ({
  title,
  description: '<p>Spot a phishing mail.</p>',
  isPublished: true,
  categoryIds,
});

describe.each(testBackends())('the courses service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let files: Awaited<ReturnType<typeof fakeService>>;
  let auth: Awaited<ReturnType<typeof fakeService>>;
  let service: Awaited<ReturnType<typeof startCoursesService>>;
  let filesAnswer = 200;
  let admin: ReturnType<typeof signedCaller>;
  let employee: ReturnType<typeof signedCaller>;

  const newCategory = async (name: string) =>
    (await admin.post('/api/categories', { name: `${name} ${Math.random()}` })).body.id as string;

  beforeAll(async () => {
    setup = await componentSetup(backend, 'courses');
    files = await fakeService((router) => {
      router.get('/internal/courses/:id/files', (req, res) => {
        if (filesAnswer !== 200) {
          res.status(filesAnswer).json({ error: { code: 'internal_error', message: 'down' } });
          return;
        }
        res.json([
          {
            id: '00000000-0000-4000-8000-0000000000f1',
            fileName: 'slides.pdf',
            fileSize: 1234,
            fileType: 'application/pdf',
            uploadedAt: '2026-11-02T08:00:00.000Z',
            courseId: req.params.id,
          },
        ]);
      });
      router.post('/internal/events', (_req, res) => {
        res.json({ status: 'handled' });
      });
    });
    auth = await fakeService((router) => {
      router.get('/internal/users/:id', (req, res) => {
        if (req.params.id === KNOWN_USER) res.json({ id: KNOWN_USER });
        else res.status(404).json({ error: { code: 'not_found', message: 'User not found' } });
      });
    });
    service = await startCoursesService(
      loadCoursesConfig({
        ...setup.env,
        AUTH_SERVICE_URL: auth.url,
        FILES_SERVICE_URL: files.url,
      }),
    );
    admin = signedCaller(service.url, ADMIN);
    employee = signedCaller(service.url, EMPLOYEE);
  });

  afterAll(() => setup?.close(service, files, auth));

  it('when a call carries no signed identity, then it is refused with 401', async () => {
    const response = await fetch(new URL('/api/courses', service.url));
    expect(response.status).toBe(401);
    const forged = signedCaller(service.url, ADMIN, 'another-secret-of-at-least-32-characters');
    expect((await forged.get('/api/courses')).status).toBe(401);
  });

  it('when an identity made for one call is replayed on another, then it is refused with 401', async () => {
    const course = (await admin.post('/api/courses', lesson([await newCategory('Replay')]))).body.id as string;
    const token = signIdentity(ADMIN, { method: 'GET', path: '/api/courses' }, TEST_SECRET);
    const replay = (method: string, path: string) =>
      fetch(new URL(path, service.url), { method, headers: { [IDENTITY_HEADER]: token } });
    expect((await replay('GET', '/api/courses')).status).toBe(200);
    expect((await replay('DELETE', `/api/courses/${course}`)).status).toBe(401);
    expect((await replay('GET', `/api/courses/${course}`)).status).toBe(401);
    expect((await admin.get(`/api/courses/${course}`)).status).toBe(200);
  });

  it('when the test would reach the network, then the guard refuses the connection', async () => {
    await expect(fetch('http://192.0.2.1/')).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('outbound network blocked') }),
    });
  });

  it('when an employee opens a course, then its files come from the files service, asked with their identity and request id', async () => {
    const created = await admin.post('/api/courses', lesson([await newCategory('Security')]));
    expect(created.status).toBe(201);
    const details = await employee.get(`/api/courses/${created.body.id}`, { 'x-request-id': 'trace-courses-0001' });
    expect(details.status).toBe(200);
    expect(details.body.files).toEqual([
      expect.objectContaining({ fileName: 'slides.pdf', courseId: created.body.id }),
    ]);
    const asked = files.calls.find((call) => call.path === `/internal/courses/${created.body.id}/files`);
    expect(asked?.requestId).toBe('trace-courses-0001');
    const claims = JSON.parse(Buffer.from(asked?.identity?.split('.')[0] ?? '', 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: EMPLOYEE.sub, admin: false });
  });

  it('when the files service fails, then the details answer without files instead of failing', async () => {
    const created = await admin.post('/api/courses', lesson([await newCategory('Leadership')]));
    filesAnswer = 500;
    try {
      const details = await employee.get(`/api/courses/${created.body.id}`);
      expect(details.status).toBe(200);
      expect(details.body.files).toBeNull();
    } finally {
      filesAnswer = 200;
    }
  });

  it('when an administrator registers a user, then the auth service is asked whether the user exists', async () => {
    const created = await admin.post('/api/courses', lesson([await newCategory('Excel')]));
    const unknown = await admin.post('/api/courses/register-user-to-course', {
      courseId: created.body.id,
      userId: '00000000-0000-4000-8000-0000000000b2',
    });
    expect(unknown.status).toBe(404);
    const known = await admin.post('/api/courses/register-user-to-course', {
      courseId: created.body.id,
      userId: KNOWN_USER,
    });
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ courseId: created.body.id, userId: KNOWN_USER, completedAt: null });
  });

  it('when a course is deleted, then course.deleted is delivered to the files service', async () => {
    const created = await admin.post('/api/courses', lesson([await newCategory('Onboarding')]));
    expect((await admin.delete(`/api/courses/${created.body.id}`)).status).toBe(200);
    await service.relay?.relayNow();
    expect(files.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/internal/events',
        body: expect.objectContaining({ topic: EVENTS.courseDeleted, payload: { courseId: created.body.id } }),
      }),
    );
  });

  it('when user.deleted arrives twice, then the user leaves every course and the second delivery changes nothing', async () => {
    const created = await admin.post('/api/courses', lesson([await newCategory('Languages')]));
    await employee.post(`/api/courses/register-for-course?courseId=${created.body.id}`);
    expect((await admin.get(`/api/courses/${created.body.id}`)).body.participants).toEqual([{ id: EMPLOYEE.sub }]);
    const system = signedCaller(service.url, SYSTEM);
    const event = {
      id: '00000000-0000-4000-8000-0000000000e1',
      topic: EVENTS.userDeleted,
      payload: { userId: EMPLOYEE.sub },
    };
    expect((await system.post('/internal/events', event)).status).toBe(200);
    expect((await system.post('/internal/events', event)).status).toBe(200);
    expect((await admin.get(`/api/courses/${created.body.id}`)).body.participants).toEqual([]);
  });

  describe('my courses', () => {
    const learner = () => signedCaller(service.url, { sub: crypto.randomUUID(), admin: false, lang: 'en' });

    it('when an employee started three courses and completed one, then each list answers only theirs, paged, newest first', async () => {
      const categoryId = await newCategory('Mine');
      const ids: string[] = [];
      for (const title of ['First', 'Second', 'Third']) {
        ids.push((await admin.post('/api/courses', lesson([categoryId], title))).body.id as string);
      }
      const me = learner();
      const someoneElse = learner();
      for (const id of ids) expect((await me.post(`/api/courses/register-for-course?courseId=${id}`)).status).toBe(200);
      await someoneElse.post(`/api/courses/register-for-course?courseId=${ids[0]}`);
      expect((await me.post(`/api/courses/complete-course?courseId=${ids[1]}`)).status).toBe(200);

      const inProgress = await me.get('/api/courses/mine?status=in-progress&limit=1&offset=0');
      expect(inProgress.status).toBe(200);
      expect(inProgress.headers.get('x-total-count')).toBe('2');
      expect(inProgress.body).toEqual([expect.objectContaining({ id: ids[2], title: 'Third', completedAt: null })]);
      const secondPage = await me.get('/api/courses/mine?status=in-progress&limit=1&offset=1');
      expect(secondPage.body.map((course: { id: string }) => course.id)).toEqual([ids[0]]);

      const completed = await me.get('/api/courses/mine?status=completed');
      expect(completed.headers.get('x-total-count')).toBe('1');
      expect(completed.body).toEqual([
        expect.objectContaining({
          id: ids[1],
          categories: [expect.objectContaining({ id: categoryId })],
          startedAt: expect.any(String),
          completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      ]);
      expect((await someoneElse.get('/api/courses/mine?status=completed')).body).toEqual([]);
    });

    it('when three employees started a course and the first completed it, then its page lists the two still taking it, in the order they started, and each caller sees only their own completion', async () => {
      const created = (await admin.post('/api/courses', lesson([await newCategory('Taken')], 'Taken by two'))).body;
      const subs = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const [first, second, third] = subs.map((sub) => signedCaller(service.url, { sub, admin: false, lang: 'en' }));
      for (const caller of [first, second, third])
        expect((await caller?.post(`/api/courses/register-for-course?courseId=${created.id}`))?.status).toBe(200);
      const taking = async () => {
        const seen = await admin.get(`/api/courses/${created.id}`);
        return { count: seen.body.participantCount, ids: seen.body.participants.map(({ id }: { id: string }) => id) };
      };
      expect(await taking()).toEqual({ count: 3, ids: subs });
      expect((await first?.post(`/api/courses/complete-course?courseId=${created.id}`))?.status).toBe(200);

      expect(await taking()).toEqual({ count: 2, ids: subs.slice(1) });
      // Employees learn how many take it, and whether they do, but not who else.
      expect((await second?.get(`/api/courses/${created.id}`))?.body).toMatchObject({
        participantCount: 2,
        participants: [{ id: subs[1] }],
      });
      expect((await first?.get(`/api/courses/${created.id}`))?.body).toMatchObject({
        participantCount: 2,
        participants: [],
      });
      expect((await employee.get(`/api/courses/${created.id}`)).body.participants).toEqual([]);
      const theirs = async (caller: SignedCaller | undefined) =>
        ((await caller?.get('/api/courses/participations/mine'))?.body as { courseId: string }[]).filter(
          ({ courseId }) => courseId === created.id,
        );
      expect(await theirs(first)).toEqual([
        {
          courseId: created.id,
          startedAt: expect.any(String),
          completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      expect(await theirs(second)).toEqual([
        { courseId: created.id, startedAt: expect.any(String), completedAt: null },
      ]);
      expect(await theirs(employee)).toEqual([]);
    });

    it('when employees ask for a course without participants, then each gets the same body and tag, and 304 for it', async () => {
      const created = (await admin.post('/api/courses', lesson([await newCategory('Shared')], 'Shared body'))).body;
      const sub = crypto.randomUUID();
      const taking = signedCaller(service.url, { sub, admin: false, lang: 'en' });
      await taking.post(`/api/courses/register-for-course?courseId=${created.id}`);
      const path = `/api/courses/${created.id}?participants=omit`;
      const [mine, theirs] = [await taking.get(path), await learner().get(path)];
      expect(mine.body).toEqual(theirs.body);
      expect(mine.body).not.toHaveProperty('participants');
      expect(mine.body).toMatchObject({ participantCount: 1 });
      const etag = mine.headers.get('etag') ?? '';
      expect(theirs.headers.get('etag')).toBe(etag);
      expect((await learner().get(path, { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);
      expect((await taking.get(`/api/courses/${created.id}`)).body.participants).toEqual([{ id: sub }]);
      expect((await taking.get(`/api/courses/${created.id}?participants=everyone`)).status).toBe(400);
    });

    it('when a started course becomes a draft again, then employees no longer see it among theirs', async () => {
      const created = (await admin.post('/api/courses', lesson([await newCategory('Unpublished')], 'Soon a draft')))
        .body;
      const me = learner();
      await me.post(`/api/courses/register-for-course?courseId=${created.id}`);
      expect((await me.get('/api/courses/mine?status=in-progress')).body).toHaveLength(1);
      const course = (await admin.get(`/api/courses/${created.id}`)).body;
      await admin.put('/api/courses', {
        id: created.id,
        title: course.title,
        description: course.description,
        isPublished: false,
        categoryIds: course.categories.map((category: { id: string }) => category.id),
        updatedAt: course.updatedAt,
      });
      const after = await me.get('/api/courses/mine?status=in-progress');
      expect(after.body).toEqual([]);
      expect(after.headers.get('x-total-count')).toBe('0');
    });

    it('when an administrator saves a course as a draft, then it is on the drafts list only, and on the published one once published', async () => {
      const word = `draftword${Math.random().toString(36).slice(2, 10)}`;
      const listed = async (published: boolean) =>
        (await admin.get(`/api/courses?published=${published}&q=${word}`)).body.map(({ id }: { id: string }) => id);
      // Both lists are read (and kept) before the writes: what is kept must follow them.
      expect([await listed(true), await listed(false)]).toEqual([[], []]);
      const created = (
        await admin.post('/api/courses', {
          ...lesson([await newCategory('Drafts')], `Draft ${word}`),
          isPublished: false,
        })
      ).body;
      expect([await listed(true), await listed(false)]).toEqual([[], [created.id]]);
      const published = await admin.put('/api/courses', { ...created, isPublished: true });
      expect(published.status).toBe(200);
      expect([await listed(true), await listed(false)]).toEqual([[created.id], []]);
      expect((await admin.put('/api/courses', { ...published.body, isPublished: false })).status).toBe(200);
      expect([await listed(true), await listed(false)]).toEqual([[], [created.id]]);
    });

    it('when the status or the page is malformed, then it is refused with 400', async () => {
      expect((await employee.get('/api/courses/mine')).status).toBe(400);
      expect((await employee.get('/api/courses/mine?status=started')).status).toBe(400);
      expect((await employee.get('/api/courses/mine?status=completed&limit=0')).status).toBe(400);
    });
  });

  it('when anyone starts a draft, then it is refused (409 course_draft for administrators, 404 for employees)', async () => {
    const draft = (await admin.post('/api/courses', { ...lesson([await newCategory('Drafts')]), isPublished: false }))
      .body.id as string;
    const byAdmin = await admin.post(`/api/courses/register-for-course?courseId=${draft}`);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.code).toBe('course_draft');
    expect((await employee.post(`/api/courses/register-for-course?courseId=${draft}`)).status).toBe(404);
    const registered = await admin.post('/api/courses/register-user-to-course', {
      courseId: draft,
      userId: KNOWN_USER,
    });
    expect(registered.status).toBe(409);
    expect((await admin.get(`/api/courses/${draft}`)).body.participantCount).toBe(0);
  });

  it('when an administrator creates, renames and deletes a category, then each is on the audit trail with the names before and after', async () => {
    const created = await admin.post('/api/categories', {
      names: { en: 'Audited', de: 'Geprüft' },
      defaultLanguage: 'en',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await admin.patch(`/api/categories?id=${id}`, { name: 'Audited twice' })).status).toBe(200);
    expect((await admin.delete(`/api/categories?id=${id}`)).status).toBe(200);
    const { rows } = await sql<{ payload: AuditRecord }>`
      select payload from outbox where topic = ${EVENTS.auditRecorded} and payload->'object'->>'id' = ${id}
      order by id`.execute(service.database.db);
    expect(rows.map(({ payload }) => [payload.action, payload.object.label, payload.changes?.names])).toEqual([
      ['category.created', 'Audited', { before: null, after: { en: 'Audited', de: 'Geprüft' } }],
      [
        'category.renamed',
        'Audited twice',
        { before: { en: 'Audited', de: 'Geprüft' }, after: { en: 'Audited twice', de: 'Geprüft' } },
      ],
      ['category.deleted', 'Audited twice', { before: { en: 'Audited twice', de: 'Geprüft' }, after: null }],
    ]);
    expect(rows[0]?.payload.actor.id).toBe(ADMIN.sub);
  });

  it('when an administrator lists the categories with their use, then each says how many courses use it', async () => {
    const used = await newCategory('Used twice');
    const unused = await newCategory('Unused');
    await admin.post('/api/courses', lesson([used]));
    await admin.post('/api/courses', { ...lesson([used]), isPublished: false });
    const usage = await admin.get('/api/categories/usage');
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: used, courseCount: 2 }),
        expect.objectContaining({ id: unused, courseCount: 0 }),
      ]),
    );
    expect((await employee.get('/api/categories/usage')).status).toBe(403);
  });

  it('when a description has headings and list items, then the card text separates its blocks', async () => {
    const course = await admin.post('/api/courses', {
      ...lesson([await newCategory('Blocks')]),
      description: '<h2>Your first steps</h2><p>Find&nbsp;courses.</p><ul><li>Browse</li><li>Start<br>one</li></ul>',
    });
    expect(course.body.shortDescription).toBe('Your first steps · Find courses. Browse · Start · one');
  });

  describe('lists kept between writes (the whole list, the counts)', () => {
    type Card = { id: string; title: string; categories: { id: string; name: string }[] };
    const whole = async (caller: SignedCaller) => {
      const answer = await caller.get<Card[]>('/api/courses');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-total-count')).toBe(String(answer.body.length));
      return answer.body;
    };
    const cardOf = (cards: Card[], id: string) => cards.find((card) => card.id === id);

    it('when another instance or a restore changes a text in the database, then the next whole list shows it', async () => {
      const created = await admin.post('/api/courses', lesson([await newCategory('Kept')], 'Kept title'));
      expect(cardOf(await whole(employee), created.body.id)?.title).toBe('Kept title');
      // Straight into the database, as another instance of the service or `npm run admin -- restore` would.
      await service.database.db
        .updateTable('course_texts')
        .set({ title: 'Written elsewhere' })
        .where('course_id', '=', created.body.id)
        .execute();
      expect(cardOf(await whole(employee), created.body.id)?.title).toBe('Written elsewhere');
    });

    it('when a category is renamed or a course deleted, then the next whole list follows', async () => {
      const categoryId = await newCategory('Before');
      const kept = await admin.post('/api/courses', lesson([categoryId], 'Stays'));
      const gone = await admin.post('/api/courses', lesson([categoryId], 'Goes'));
      expect(cardOf(await whole(employee), gone.body.id)).toBeDefined();
      await admin.put(`/api/categories?id=${categoryId}`, { name: `After ${Math.random()}` });
      await admin.delete(`/api/courses/${gone.body.id}`);
      const cards = await whole(employee);
      expect(cardOf(cards, kept.body.id)?.categories[0]?.name).toMatch(/^After /);
      expect(cardOf(cards, gone.body.id)).toBeUndefined();
    });

    it('when another instance renames a category, then the next page names it anew, the card’s categories by name', async () => {
      const word = `ibis${Math.random().toString(36).slice(2, 8)}`;
      const first = await newCategory('Alpha');
      const second = await newCategory('Beta');
      await admin.post('/api/courses', lesson([second, first], word));
      const names = async () =>
        (await employee.get<Card[]>(`/api/courses?q=${word}&limit=24`)).body[0]?.categories.map(({ name }) => name);
      expect(await names()).toEqual([expect.stringMatching(/^Alpha /), expect.stringMatching(/^Beta /)]);
      // Straight into the database, as another instance of the service or a restore would.
      await service.database.db
        .updateTable('category_names')
        .set({ name: `Zulu ${word}` })
        .where('category_id', '=', first)
        .execute();
      expect(await names()).toEqual([expect.stringMatching(/^Beta /), `Zulu ${word}`]);
    });

    it('when one user started a course, then only their participations say so, until they complete it, and the whole list is everyone’s', async () => {
      const created = await admin.post('/api/courses', lesson([await newCategory('Started')], 'Started by one'));
      const reader = signedCaller(service.url, { sub: crypto.randomUUID(), admin: false, lang: 'en' });
      const other = signedCaller(service.url, { sub: crypto.randomUUID(), admin: false, lang: 'en' });
      await reader.post(`/api/courses/register-for-course?courseId=${created.body.id}`);
      const participations = async (caller: SignedCaller) =>
        (await caller.get('/api/courses/participations/mine')).body as {
          courseId: string;
          completedAt: string | null;
        }[];
      expect(await participations(reader)).toEqual([
        expect.objectContaining({ courseId: created.body.id, completedAt: null }),
      ]);
      expect(await participations(other)).toEqual([]);
      expect(await whole(reader)).toEqual(await whole(other));
      await reader.post(`/api/courses/complete-course?courseId=${created.body.id}`);
      expect((await participations(reader))[0]?.completedAt).toEqual(expect.any(String));
    });

    it('when a search was counted and another instance changes what it finds, then the next total follows', async () => {
      const word = `zebrafinch${Math.random().toString(36).slice(2, 8)}`;
      const categoryId = await newCategory('Counted');
      const first = await admin.post('/api/courses', lesson([categoryId], `${word} one`));
      const total = async () => (await employee.get(`/api/courses?q=${word}&limit=1`)).headers.get('x-total-count');
      expect(await total()).toBe('1');
      await admin.post('/api/courses', lesson([categoryId], `${word} two`));
      expect(await total()).toBe('2');
      // Straight into the database, as another instance of the service would.
      await service.database.db
        .updateTable('courses')
        .set({ search_text: 'other' })
        .where('id', '=', first.body.id)
        .execute();
      expect(await total()).toBe('1');
    });

    it('when the catalogue has not changed, then the ETag held is answered 304 whoever started a course, and a write changes it', async () => {
      const created = await admin.post('/api/courses', lesson([await newCategory('Tagged')], 'Tagged'));
      const first = await employee.get('/api/courses');
      const etag = first.headers.get('etag') ?? '';
      // As a browser revalidates (fetch itself would add `cache-control: no-cache` to a conditional request).
      const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
      expect((await employee.get('/api/courses', revalidate)).status).toBe(304);
      await employee.post(`/api/courses/register-for-course?courseId=${created.body.id}`);
      const other = signedCaller(service.url, { sub: crypto.randomUUID(), admin: false, lang: 'en' });
      expect((await other.get('/api/courses', revalidate)).status).toBe(304);
      await admin.post('/api/courses', lesson([await newCategory('Newer')], 'Newer'));
      const changed = await employee.get('/api/courses', revalidate);
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });

    it('when two users ask for the same page, then they get one tag, and the page is tagged per language', async () => {
      const word = `heron${Math.random().toString(36).slice(2, 8)}`;
      await admin.post('/api/courses', lesson([await newCategory('Paged')], word));
      const page = (caller: SignedCaller) => caller.get<Card[]>(`/api/courses?q=${word}&limit=24`);
      const sub = crypto.randomUUID();
      const reader = signedCaller(service.url, { sub, admin: false, lang: 'en' });
      expect((await page(reader)).headers.get('etag')).toBe((await page(employee)).headers.get('etag'));
      // The same address for the same user after they chose German: another list, so another tag.
      const inGerman = signedCaller(service.url, { sub, admin: false, lang: 'de' });
      expect((await page(inGerman)).headers.get('etag')).not.toBe((await page(reader)).headers.get('etag'));
    });

    it('when the whole list is asked twice, then it holds the same cards as the pages, in the same order', async () => {
      await whole(employee);
      const cards = await whole(employee);
      const page = await employee.get<Card[]>('/api/courses?limit=24');
      expect(cards.slice(0, 24)).toEqual(page.body);
    });
  });

  describe('one course kept between writes', () => {
    const reader = () => signedCaller(service.url, { sub: crypto.randomUUID(), admin: false, lang: 'en' });
    const asThePageAsks = (id: string) => `/api/courses/${id}?participants=omit&files=omit`;

    it('when the page asks without files, then the files service is not asked, and those taking and those who completed it are counted at every read', async () => {
      const created = (await admin.post('/api/courses', lesson([await newCategory('Counted')], 'Counted'))).body;
      const asked = () => files.calls.filter((call) => call.path === `/internal/courses/${created.id}/files`).length;
      const first = await employee.get(asThePageAsks(created.id));
      expect(first.status).toBe(200);
      expect(first.body).not.toHaveProperty('files');
      expect(first.body).toMatchObject({ title: 'Counted', participantCount: 0, completedCount: 0 });

      // Starting and completing write no catalogue: the count follows all the same.
      const taking = reader();
      await taking.post(`/api/courses/register-for-course?courseId=${created.id}`);
      expect((await employee.get(asThePageAsks(created.id))).body.participantCount).toBe(1);
      await taking.post(`/api/courses/complete-course?courseId=${created.id}`);
      expect((await employee.get(asThePageAsks(created.id))).body).toMatchObject({
        participantCount: 0,
        completedCount: 1,
      });
      expect(asked()).toBe(0);
      expect((await employee.get(`/api/courses/${created.id}?files=all`)).status).toBe(400);
    });

    it('when another instance or a restore changes its text or renames its category, then the next read shows it', async () => {
      const categoryId = await newCategory('Read twice');
      const created = (await admin.post('/api/courses', lesson([categoryId], 'Read twice'))).body;
      expect((await employee.get(asThePageAsks(created.id))).body.title).toBe('Read twice');
      expect((await employee.get(asThePageAsks(created.id))).body.title).toBe('Read twice');
      // Straight into the database, as another instance of the service or a restore would.
      await service.database.db
        .updateTable('course_texts')
        .set({ title: 'Changed elsewhere' })
        .where('course_id', '=', created.id)
        .execute();
      await service.database.db
        .updateTable('category_names')
        .set({ name: 'Renamed elsewhere' })
        .where('category_id', '=', categoryId)
        .execute();
      const after = (await employee.get(asThePageAsks(created.id))).body;
      expect(after.title).toBe('Changed elsewhere');
      expect(after.categories).toEqual([{ id: categoryId, name: 'Renamed elsewhere' }]);
    });

    it('when an administrator makes a course an employee has read a draft, then their next read is 404, and the administrator still gets every language', async () => {
      const created = (await admin.post('/api/courses', lesson([await newCategory('Withdrawn')], 'Withdrawn'))).body;
      expect((await employee.get(asThePageAsks(created.id))).status).toBe(200);
      const saved = await admin.put('/api/courses', { ...created, isPublished: false });
      expect(saved.status).toBe(200);
      expect((await employee.get(asThePageAsks(created.id))).status).toBe(404);
      const preview = await admin.get(asThePageAsks(created.id));
      expect(preview.body).toMatchObject({
        isPublished: false,
        texts: { en: expect.objectContaining({ title: 'Withdrawn' }) },
      });
      expect((await employee.get(asThePageAsks(created.id))).body).not.toHaveProperty('texts');
    });
  });

  describe('lists kept compressed', () => {
    // Raw bytes, as the gateway receives them (fetch would decompress them).
    const raw = (path: string, encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        const url = new URL(path, service.url);
        const identity = { sub: crypto.randomUUID(), admin: false, lang: 'en' } as const;
        const headers = {
          [IDENTITY_HEADER]: signIdentity(identity, { method: 'GET', path: url.pathname + url.search }, TEST_SECRET),
          'accept-encoding': encoding,
        };
        get(url, { headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({
              encoding: answer.headers['content-encoding'],
              vary: answer.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        }).on('error', reject);
      });

    it('when the caller accepts brotli or gzip, then a large list comes compressed once per version, the same bytes for everyone', async () => {
      const categoryId = await newCategory('Bulk');
      const bulk = Array.from({ length: 1000 }, (_, index) => ({
        id: crypto.randomUUID(),
        course: courseWrite(lesson([categoryId], `Bulk course ${index}, one of many`), undefined, 'en'),
        createdBy: null,
        createdAt: new Date(),
      }));
      await coursesRepository(service.database.db).insert(bulk);

      const plain = await raw('/api/courses', 'identity');
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(256 * 1024);
      const brotli = await raw('/api/courses', 'br, gzip, deflate');
      expect(brotli.encoding).toBe('br');
      expect(brotli.vary).toMatch(/accept-encoding/i);
      expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
      expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
      expect((await raw('/api/courses', 'br')).body.equals(brotli.body)).toBe(true);
      const gzip = await raw('/api/courses', 'gzip, deflate');
      expect(gzip.encoding).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      expect((await raw('/api/courses', 'gzip')).body.equals(gzip.body)).toBe(true);
    });

    it('when a page of cards is asked, then it comes compressed once per version too; a list under 1 KiB comes as it is', async () => {
      const word = `kingfisher${Math.random().toString(36).slice(2, 8)}`;
      await admin.post('/api/courses', lesson([await newCategory('Small')], word));
      const page = '/api/courses?limit=24';
      const plain = await raw(page, 'identity');
      expect(plain.body.length).toBeGreaterThan(1024);
      const brotli = await raw(page, 'br, gzip');
      expect(brotli.encoding).toBe('br');
      expect(brotli.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
      const gzip = await raw(page, 'gzip');
      expect(gzip.encoding).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

      const small = await raw(`/api/courses?q=${word}&limit=24`, 'br, gzip');
      expect(small.encoding).toBeUndefined();
      expect(small.body.length).toBeLessThan(1024);
      expect(JSON.parse(small.body.toString())).toEqual([expect.objectContaining({ title: word })]);
    });
  });

  describe('races between a course and its category', () => {
    it('when a category is deleted while courses are created with it, then each pair answers one success and one 400, never a 500', async () => {
      const pairs = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const categoryId = await newCategory(`Race ${index}`);
          const [course, deletion] = await Promise.all([
            admin.post('/api/courses', lesson([categoryId], `Race ${index}`)),
            admin.delete(`/api/categories?id=${categoryId}`),
          ]);
          return { course: course.status, deletion: deletion.status };
        }),
      );
      for (const pair of pairs) {
        expect([201, 400]).toContain(pair.course);
        expect([200, 400]).toContain(pair.deletion);
        expect(pair.course === 201).not.toBe(pair.deletion === 200);
      }
    });

    it('when the category goes between the check and the insert, then the course is refused with 400 category_unknown', async () => {
      const db = service.database.db;
      const categoryRepository = categoriesRepository(db);
      const categoryId = await categoryRepository.insert({
        names: { en: `Vanishing ${Math.random()}` },
        defaultLanguage: 'en',
      });
      const courses = createCourses({
        courses: coursesRepository(db),
        participations: participationsRepository(db),
        results: resultsRepository(db),
        categories: {
          ...categoryRepository,
          // The check sees the category; another administrator deletes it right after.
          findByIds: async (ids, language) => {
            const found = await categoryRepository.findByIds(ids, language);
            await categoryRepository.delete(categoryId);
            return found;
          },
        },
        filesOf: async () => null,
        userExists: async () => false,
      });
      await expect(
        courses.create(lesson([categoryId]), { ...ADMIN, exp: 0 }, 'en', systemAuditContext('test')),
      ).rejects.toMatchObject({
        status: 400,
        issues: [{ path: 'categoryIds', code: 'category_unknown' }],
      });
    });

    it('when a course takes the category between the in-use check and the delete, then the delete is refused with 400 category_in_use', async () => {
      const db = service.database.db;
      const categoryRepository = categoriesRepository(db);
      const categoryId = await categoryRepository.insert({
        names: { en: `Taken ${Math.random()}` },
        defaultLanguage: 'en',
      });
      const categories = createCategories({
        ...categoryRepository,
        // The check finds it unused; a course is saved with it right after.
        isInUse: async (id) => {
          const inUse = await categoryRepository.isInUse(id);
          await coursesRepository(db).insert([
            {
              id: crypto.randomUUID(),
              course: courseWrite(lesson([id]), undefined, 'en'),
              createdBy: null,
              createdAt: new Date(),
            },
          ]);
          return inUse;
        },
      });
      await expect(categories.delete(categoryId, systemAuditContext('test'))).rejects.toMatchObject({
        status: 400,
        code: 'category_in_use',
      });
      expect(await categoryRepository.findById(categoryId, 'en')).toBeDefined();
    });
  });
});
