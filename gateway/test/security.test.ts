import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { newAccount, publishedCourse, startTestPortal, type TestPortal } from './harness.ts';

const ACCOUNT_LIMIT = 10;

describe.each(testBackends())('security round on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend, {
      gateway: {
        LOGIN_LIMIT_PER_ACCOUNT: String(ACCOUNT_LIMIT),
        LOGIN_LIMIT_PER_ADDRESS: '1000',
        REGISTER_LIMIT_PER_ADDRESS: '1000',
      },
    });
  });
  afterAll(() => portal?.stop());

  const strictRoutingCourse = async () => (await publishedCourse(await portal.admin(), 'Strict routing')).courseId;

  describe('login limit', () => {
    it('when 100 wrong passwords for one account arrive at once, then at most the limit reach the password check', async () => {
      const account = newAccount();
      expect((await portal.session().post('/api/auth/register', account)).status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          portal.session().post('/api/auth/login', { email: account.email, password: 'Wrong-password-1' }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(100 - ACCOUNT_LIMIT);
      expect((await portal.session().post('/api/auth/login', account)).status).toBe(429);
    });

    it('when an account signs in successfully, then its earlier failures stop counting', async () => {
      const account = newAccount();
      await portal.session().post('/api/auth/register', account);
      for (let round = 0; round < 3; round += 1) {
        for (let attempt = 0; attempt < ACCOUNT_LIMIT - 1; attempt += 1) {
          await portal.session().post('/api/auth/login', { ...account, password: 'Wrong-password-1' });
        }
        expect((await portal.session().post('/api/auth/login', account)).status).toBe(200);
      }
    });
  });

  describe('current-password checks', () => {
    it('when change-password gets too many wrong current passwords, then even the right one is refused with 429', async () => {
      const account = newAccount();
      const browser = portal.session();
      await browser.post('/api/auth/register', account);
      const change = (currentPassword: string) =>
        browser.post('/api/user/change-password', { currentPassword, newPassword: 'Another-long-pass-42' });
      for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1) {
        expect((await change(`Wrong-password-${attempt}`)).status).toBe(401);
      }
      const blocked = await change(account.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await portal.session().post('/api/auth/login', account)).status).toBe(200);
    });

    it('when delete-user gets too many wrong passwords, then even the right one is refused with 429', async () => {
      const account = newAccount();
      const browser = portal.session();
      await browser.post('/api/auth/register', account);
      const remove = (password: string) => browser.request('DELETE', '/api/user/delete-user', { json: { password } });
      const wrong = await Promise.all(Array.from({ length: 25 }, (_, attempt) => remove(`Wrong-password-${attempt}`)));
      expect(wrong.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
      expect((await remove(account.password)).status).toBe(429);
      expect((await browser.get('/api/auth/check-login-status')).status).toBe(200);
    });
  });

  describe('CSRF and strict routing', () => {
    const variants = [
      ['GET', '/api/courses/Register-For-Course'],
      ['GET', '/api/courses/REGISTERFORCOURSE'],
      ['GET', '/api/courses/registerforcourse'],
      ['GET', '/api/courses/register-for-course/'],
      ['GET', '/api/courses/registerForCourse/'],
      ['GET', '/api/courses/register%2Dfor-course'],
      ['HEAD', '/api/courses/register-for-course/'],
      ['HEAD', '/api/courses/register-for-course'],
      ['GET', '/api/courses/register-for-course'],
      ['GET', '/api/courses/registerForCourse'],
      ['POST', '/api/courses/register-for-course/'],
    ] as const;

    it.each(variants)('when a link from another site calls %s %s, then no course starts', async (method, path) => {
      const courseId = await strictRoutingCourse();
      const employee = await portal.employee();
      const answer = await employee.request(method, `${path}?courseId=${courseId}`, { csrf: false });
      expect(answer.status).toBe(403);
      expect((await employee.get('/api/courses/participations/mine')).body).toEqual([]);
    });

    it.each([
      ['GET', '/api/courses/Register-For-Course'],
      ['GET', '/api/courses/register-for-course/'],
      ['HEAD', '/api/courses/register-for-course/'],
      ['POST', '/api/courses/Complete-Course'],
      ['POST', '/api/categories/'],
      ['GET', '/api/Categories'],
      ['POST', '/api/auth/Login'],
      ['POST', '/api/auth/login/'],
      ['POST', '/api/user/Change-Password'],
    ] as const)('when %s %s is called with the header, then no route answers it', async (method, path) => {
      const courseId = await strictRoutingCourse();
      const employee = await portal.employee();
      const answer = await employee.request(method, `${path}?courseId=${courseId}`, {
        json: method === 'POST' ? { email: 'x@example.ch', password: 'Wrong-password-1' } : undefined,
      });
      expect([400, 404]).toContain(answer.status);
      expect((await employee.get('/api/courses/participations/mine')).body).toEqual([]);
    });

    it('when the exact path is called with the header, then the course starts', async () => {
      const courseId = await strictRoutingCourse();
      const employee = await portal.employee();
      expect((await employee.get(`/api/courses/register-for-course?courseId=${courseId}`)).status).toBe(200);
      expect((await employee.get('/api/courses/participations/mine')).body).toEqual([
        { courseId, startedAt: expect.any(String), completedAt: null },
      ]);
    });
  });

  describe('control characters', () => {
    const NUL = '\u0000';

    it('when a sign-in, a registration or a reset request holds NUL, then it answers 400 naming the field', async () => {
      const login = await portal.session().post('/api/auth/login', { email: `a${NUL}@example.ch`, password: 'x' });
      expect(login.status).toBe(400);
      expect(login.body.error.issues).toContainEqual({ path: 'email', code: 'control_characters' });

      const register = await portal.session().post('/api/auth/register', newAccount({ name: `Anna${NUL}Muster` }));
      expect(register.status).toBe(400);
      expect(register.body.error.issues).toContainEqual({ path: 'name', code: 'control_characters' });

      const reset = await portal
        .session()
        .post(`/api/user/request-password-reset?email=${encodeURIComponent(`a${NUL}@example.ch`)}`);
      expect(reset.status).toBe(400);
      expect(reset.body.error.issues).toContainEqual({ path: 'email', code: 'control_characters' });
    });

    it('when course fields or a search hold control characters, then they answer 400 naming the field', async () => {
      const admin = await portal.admin();
      const category = await admin.post('/api/categories', { name: `Bad${NUL}name` });
      expect(category.status).toBe(400);
      expect(category.body.error.issues).toContainEqual({ path: 'name', code: 'control_characters' });

      const good = await admin.post('/api/categories', { name: `Control ${Date.now()}` });
      const course = {
        title: `Title${NUL}`,
        description: `<p>Text${NUL}</p>`,
        isPublished: true,
        categoryIds: [good.body.id],
      };
      const refused = await admin.post('/api/courses', course);
      expect(refused.status).toBe(400);
      expect(refused.body.error.issues).toEqual(
        expect.arrayContaining([
          { path: 'title', code: 'control_characters' },
          { path: 'description', code: 'control_characters' },
        ]),
      );
      const multiline = await admin.post('/api/courses', {
        ...course,
        title: 'Lines',
        description: '<p>First</p>\n\t<p>Second</p>',
      });
      expect(multiline.status).toBe(201);
      const tabInTitle = await admin.post('/api/courses', { ...course, title: 'Tab\there', description: '<p>x</p>' });
      expect(tabInTitle.status).toBe(400);

      const search = await admin.get(`/api/courses?q=${encodeURIComponent(`café${NUL}`)}`);
      expect(search.status).toBe(400);
      expect(search.body.error.issues).toContainEqual({ path: 'q', code: 'control_characters' });
    });
  });

  describe('guessable passwords', () => {
    it.each(['Password1', 'Secret123', 'Passwort123', 'Bonjour2024', 'Qwerty123'])(
      'when someone registers with %j, then it is refused with password_too_weak',
      async (password) => {
        const refused = await portal.session().post('/api/auth/register', newAccount({ password }));
        expect(refused.status).toBe(400);
        expect(refused.body.error.issues).toEqual([{ path: 'password', code: 'password_too_weak' }]);
      },
    );

    it('when the password is built on the name and e-mail, then it is refused', async () => {
      const account = newAccount({ name: 'Gianluca Bernasconi' });
      const refused = await portal.session().post('/api/auth/register', { ...account, password: 'Bernasconi2024' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.issues).toEqual([{ path: 'password', code: 'password_too_weak' }]);
    });

    it('when a signed-in user picks a common new password, then change-password refuses it and the old one stays', async () => {
      const account = newAccount();
      const browser = portal.session();
      await browser.post('/api/auth/register', account);
      const refused = await browser.post('/api/user/change-password', {
        currentPassword: account.password,
        newPassword: 'Password123',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.issues).toEqual([{ path: 'newPassword', code: 'password_too_weak' }]);
      expect((await portal.session().post('/api/auth/login', account)).status).toBe(200);
    });

    it('when an existing password is weak by the new rule, then it still signs in', async () => {
      expect((await portal.admin()).cookies.size).toBeGreaterThan(0);
    });
  });

  describe('security headers', () => {
    it('when a service answers through the gateway, then the answer carries the headers of data, not of a page', async () => {
      const admin = await portal.admin();
      const id = await strictRoutingCourse();
      for (const answer of [await admin.get(`/api/courses/${id}`), await admin.get('/api/categories')]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-security-policy')).toBe(
          "default-src 'none'; frame-ancestors 'none'; sandbox",
        );
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('x-frame-options')).toBe('DENY');
        expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      }
      // The gateway's own pages keep the pages' policy: the API reference is a document with its own styles.
      const docs = await admin.get('/api/docs');
      expect(docs.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
      expect(docs.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });

    it('when the gateway answers an API call itself (the data export, the session), then it carries the headers of data', async () => {
      const employee = await portal.employee();
      for (const answer of [
        await employee.get('/api/user/export'),
        await employee.get('/api/auth/check-login-status'),
      ]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-security-policy')).toBe(
          "default-src 'none'; frame-ancestors 'none'; sandbox",
        );
        expect(answer.headers.get('x-frame-options')).toBe('DENY');
      }
    });

    it('when a signed-in user reads what depends on their session, then no shared cache may keep it', async () => {
      const employee = await portal.employee();
      const status = await employee.get('/api/auth/check-login-status');
      expect(status.status).toBe(200);
      expect(status.headers.get('cache-control')).toBe('private, no-store');
      // A service's answer with an entity tag is kept by this browser alone and asked for again on each use.
      const mine = await employee.get('/api/courses/mine?status=in-progress');
      expect(mine.status).toBe(200);
      expect(mine.headers.get('etag')).toBeTruthy();
      expect(mine.headers.get('cache-control')).toBe('private, no-cache');
      const missing = await employee.get('/api/courses/00000000-0000-4000-8000-000000000000');
      expect(missing.headers.get('cache-control')).toMatch(/^private, no-(store|cache)$/);
    });
  });
});
