import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { startTestPortal, type TestPortal } from './harness.ts';

describe.each(testBackends())('user administration through the gateway on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend);
  });
  afterAll(() => portal?.stop());

  it('when an administrator deactivates a user, then that user’s signed-in client gets 401 at once', async () => {
    const admin = await portal.admin();
    const employee = await portal.employee();
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(200);
    const deactivated = await admin.request('PATCH', `/api/admin/users/${employee.userId}`, {
      json: { status: 'deactivated' },
    });
    expect(deactivated).toMatchObject({ status: 200, body: { status: 'deactivated' } });
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(401);
    expect((await admin.get('/api/auth/check-login-status')).status).toBe(200);
  });

  it('when a user who is not an administrator asks for the list, then the gateway relays 403', async () => {
    const employee = await portal.employee();
    expect((await employee.get('/api/admin/users')).status).toBe(403);
  });

  it('when an administrator keeps a group through the gateway, then it is created and listed; an employee gets 403', async () => {
    const admin = await portal.admin();
    const employee = await portal.employee();
    const created = await admin.post('/api/admin/groups', { name: 'Gateway group' });
    expect(created).toMatchObject({ status: 201, body: { name: 'Gateway group', managedBy: 'portal' } });
    const added = await admin.post(`/api/admin/groups/${created.body.id}/members`, { userIds: [employee.userId] });
    expect(added).toMatchObject({ status: 200, body: { added: 1 } });
    expect((await admin.get(`/api/admin/groups/${created.body.id}/members`)).body).toEqual([
      expect.objectContaining({ id: employee.userId }),
    ]);
    expect((await employee.get('/api/admin/groups')).status).toBe(403);
    expect((await employee.post('/api/admin/groups', { name: 'Not mine' })).status).toBe(403);
  });

  it('when a user renames themself, then check-login-status answers the new name', async () => {
    const employee = await portal.employee();
    expect((await employee.post('/api/user/set-name', { name: 'Renamed Person' })).status).toBe(200);
    expect((await employee.get('/api/auth/check-login-status')).body).toMatchObject({ name: 'Renamed Person' });
  });
});
