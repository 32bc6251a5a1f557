import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { HttpSession } from '@portal/kit/testing/http-session';
import { SMTPServer } from 'smtp-server';
import { newAccount, publishedCourse, startTestPortal, type TestPortal } from './harness.ts';

interface CapturedMail {
  to: string;
  raw: string;
}

/** A real SMTP server in the test: every message the auth service sends lands here. */
async function startMailCatcher() {
  const mails: CapturedMail[] = [];
  const waiting: ((mail: CapturedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    next: () => new Promise<CapturedMail>((resolve) => waiting.push(resolve)),
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link of a captured mail, undoing quoted-printable soft line breaks. */
function resetTokenOf(mail: CapturedMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = unfolded.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${mail.raw}`);
  return match[1];
}

describe.each(testBackends())('password reset by e-mail on $name', (backend) => {
  let portal: TestPortal;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    portal = await startTestPortal(backend, {
      auth: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.ch' },
      gateway: { RESET_LIMIT_PER_ADDRESS: '100' },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
  });

  it('when a user asks for a reset, then a mail in their language brings a single-use link that sets a new password', async () => {
    const account = newAccount();
    const browser = portal.session();
    await browser.post('/api/auth/register', { ...account, language: 'de' });
    await browser.post('/api/auth/logout');

    const arriving = smtp.next();
    expect((await portal.session().post('/api/user/request-password-reset', { email: account.email })).status).toBe(
      200,
    );
    const mail = await arriving;
    expect(mail.to).toBe(account.email);
    expect(mail.raw).toMatch(/Subject: .*Passwort/);
    expect(mail.raw).toContain('https://portal.example.ch/reset-password?token=');
    const token = resetTokenOf(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const wrongEmail = await portal.session().post('/api/user/reset-password', {
      email: `other${account.email}`,
      token,
      newPassword: 'Renewed-harbour-lantern-1',
    });
    expect(wrongEmail.status).toBe(400);
    const weak = await portal
      .session()
      .post('/api/user/reset-password', { email: account.email, token, newPassword: 'weak' });
    expect(weak.status).toBe(400);

    const reset = await portal
      .session()
      .post('/api/user/reset-password', { email: account.email, token, newPassword: 'Renewed-harbour-lantern-1' });
    expect(reset.status).toBe(200);
    expect((await portal.session().post('/api/auth/login', account)).status).toBe(401);
    expect(
      (await portal.session().post('/api/auth/login', { ...account, password: 'Renewed-harbour-lantern-1' })).status,
    ).toBe(200);

    const reused = await portal
      .session()
      .post('/api/user/reset-password', { email: account.email, token, newPassword: 'Again-harbour-lantern-2' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('invalid_token');
  });

  it('when a reset page asks whether its link works, then a fresh token is valid, names the e-mail of its account and stays usable; used, void or made-up ones are not', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', account);
    const arriving = smtp.next();
    await portal.session().post('/api/user/request-password-reset', { email: account.email });
    const token = resetTokenOf(await arriving);
    const statusOf = async (candidate: string) =>
      (await portal.session().get(`/api/user/reset-password/status?token=${encodeURIComponent(candidate)}`)).body;

    expect(await statusOf(token)).toEqual({ valid: true, email: account.email, purpose: 'reset' });
    expect(await statusOf(token)).toEqual({ valid: true, email: account.email, purpose: 'reset' });
    expect(await statusOf('k3J9xQ2mZpL7vR4tW8yB1nC6dF0gH5sA')).toEqual({ valid: false });
    expect(await statusOf('short')).toEqual({ valid: false });
    expect((await portal.session().get('/api/user/reset-password/status')).status).toBe(400);

    const reset = await portal
      .session()
      .post('/api/user/reset-password', { email: account.email, token, newPassword: 'Checked-harbour-lantern-6' });
    expect(reset.status).toBe(200);
    expect(await statusOf(token)).toEqual({ valid: false });
  });

  it('when one of several reset links is used, then the older ones die with it', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', account);
    const firstMail = smtp.next();
    await portal.session().post('/api/user/request-password-reset', { email: account.email });
    const older = resetTokenOf(await firstMail);
    const secondMail = smtp.next();
    await portal.session().post(`/api/user/request-password-reset?email=${encodeURIComponent(account.email)}`);
    const newer = resetTokenOf(await secondMail);
    expect(newer).not.toBe(older);

    expect(
      (
        await portal.session().post('/api/user/reset-password', {
          email: account.email,
          token: newer,
          newPassword: 'Newer-harbour-lantern-3',
        })
      ).status,
    ).toBe(200);
    const stale = await portal.session().post('/api/user/reset-password', {
      email: account.email,
      token: older,
      newPassword: 'Older-harbour-lantern-4',
    });
    expect(stale.status).toBe(400);
  });

  it('when the e-mail is unknown, then no mail is sent and the answer is the same', async () => {
    const before = smtp.mails.length;
    const response = await portal
      .session()
      .post('/api/user/request-password-reset', { email: `ghost${Date.now()}@example.ch` });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
  });

  describe('sessions end when credentials change', () => {
    const NEW_PASSWORD = 'Quiet-harbour-lantern-7';

    /** The same account signed in on several browsers, one of them through a second gateway when there is one. */
    async function signedInTwice() {
      const account = newAccount();
      const first = portal.session();
      await first.post('/api/auth/register', account);
      const second = portal.session();
      expect((await second.post('/api/auth/login', account)).status).toBe(200);
      const elsewhere = backend.redisUrl ? new HttpSession((await portal.startSecondGateway()).url) : portal.session();
      expect((await elsewhere.post('/api/auth/login', account)).status).toBe(200);
      return { account, first, second, elsewhere };
    }

    const statusOf = async (browser: HttpSession) => (await browser.get('/api/auth/check-login-status')).status;

    it('when a user changes the password, then their other sessions end, this one stays under a new id, and older reset links die', async () => {
      const { account, first, second, elsewhere } = await signedInTwice();
      const arriving = smtp.next();
      await portal.session().post('/api/user/request-password-reset', { email: account.email });
      const token = resetTokenOf(await arriving);
      const oldCookie = first.cookieHeader;

      const changed = await first.post('/api/user/change-password', {
        currentPassword: account.password,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.status).toBe(200);
      expect(first.cookieHeader).not.toBe(oldCookie);
      expect(await statusOf(first)).toBe(200);
      expect(await statusOf(second)).toBe(401);
      expect(await statusOf(elsewhere)).toBe(401);
      const replayed = new HttpSession(portal.url);
      replayed.cookies = new Map(oldCookie.split('; ').map((pair) => pair.split('=') as [string, string]));
      expect(await statusOf(replayed)).toBe(401);

      const late = await portal
        .session()
        .post('/api/user/reset-password', { email: account.email, token, newPassword: 'Another-quiet-harbour-8' });
      expect(late.status).toBe(400);
      expect(late.body.error.code).toBe('invalid_token');
    });

    it('when a password is reset, then every session of the user ends', async () => {
      const { account, first, second, elsewhere } = await signedInTwice();
      const arriving = smtp.next();
      await portal.session().post('/api/user/request-password-reset', { email: account.email });
      const token = resetTokenOf(await arriving);
      const reset = await portal
        .session()
        .post('/api/user/reset-password', { email: account.email, token, newPassword: NEW_PASSWORD });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: 'Password changed' });
      for (const browser of [first, second, elsewhere]) expect(await statusOf(browser)).toBe(401);
    });

    it('when a user deletes the account, then none of its sessions can list or start courses any more', async () => {
      const { account, first, second, elsewhere } = await signedInTwice();
      const { courseId } = await publishedCourse(await portal.admin(), 'After deletion');
      expect(
        (await first.request('DELETE', '/api/user/delete-user', { json: { password: account.password } })).status,
      ).toBe(200);
      for (const browser of [second, elsewhere, first]) {
        expect((await browser.get('/api/courses')).status).toBe(401);
        expect((await browser.post(`/api/courses/register-for-course?courseId=${courseId}`)).status).toBe(401);
        expect(await statusOf(browser)).toBe(401);
      }
    });
  });
});
