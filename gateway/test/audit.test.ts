import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditEntry } from '@portal/contracts/audit';
import { testBackends } from '@portal/kit/testing/backends';
import { newAccount, startTestPortal, type TestPortal } from './harness.ts';

describe.each(testBackends())('the audit trail through the gateway on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend);
  });
  afterAll(() => portal?.stop());

  /** The trail's entries about one account once `count` have arrived (the services' outboxes deliver them). */
  async function entriesAbout(userId: string, count: number): Promise<AuditEntry[]> {
    const admin = await portal.admin();
    const deadline = Date.now() + 15_000;
    for (;;) {
      await portal.relayEvents();
      const answer = await admin.get(`/api/audit?objectId=${userId}`);
      expect(answer.status).toBe(200);
      if (answer.body.entries.length >= count || Date.now() > deadline) return answer.body.entries;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('when someone registers, fails a sign-in, signs in and out, then each is on the trail with who and from where', async () => {
    const account = newAccount();
    const browser = portal.session();
    const registered = await browser.post('/api/auth/register', account, {
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(registered.status).toBe(201);
    await browser.post('/api/auth/logout');
    expect((await browser.post('/api/auth/login', { ...account, password: 'Wrong-Password-1' })).status).toBe(401);
    expect((await browser.post('/api/auth/login', account)).status).toBe(200);

    const entries = await entriesAbout(registered.body.id, 4);
    expect(entries.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['user.signed-in', 'success'],
      ['user.sign-in-failed', 'failure'],
      ['user.signed-out', 'success'],
      ['user.registered', 'success'],
    ]);
    const [signedIn, failed] = entries;
    expect(signedIn).toMatchObject({
      actor: { id: registered.body.id, name: account.name },
      object: { type: 'user', id: registered.body.id, label: account.email },
      service: 'auth',
      from: { ip: expect.stringMatching(/127\.0\.0\.1/) },
    });
    expect(failed?.details).toEqual({ reason: 'wrong_password' });
    expect(JSON.stringify(entries)).not.toContain(account.password);
    expect(entries.at(-1)?.from.userAgent).toBe('AuditTest/1.0');
  });

  it('when an employee asks for the trail, then it is refused', async () => {
    const employee = await portal.employee();
    expect((await employee.get('/api/audit')).status).toBe(403);
  });
});
