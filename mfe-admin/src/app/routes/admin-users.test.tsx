import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { queryClient } from '../../lib/queries.ts';
import AdminUsersPage from './admin-users.tsx';

const listed = (user: typeof anna, extra: Record<string, unknown> = {}) => ({
  ...user,
  status: 'active',
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const renderUsers = (session = fakeSession(admin)) =>
  renderPage(<AdminUsersPage session={session} />, { path: '/admin/users', urls: ['/admin/users'] });

describe('users administration page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an administrator opens it, then the users are listed with role, status and the total', async () => {
    fakeApi({
      'GET /api/admin/users': {
        status: 200,
        body: [listed(admin, { lastSignInAt: '2026-11-20T10:00:00.000Z' }), listed(anna)],
        headers: { 'X-Total-Count': '2' },
      },
    });
    renderUsers();
    const row = (await screen.findByRole('cell', { name: anna.email })).closest('tr') as HTMLElement;
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
    const own = screen.getByRole('cell', { name: admin.email }).closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button')).toBeNull();
  });

  it('when a search is typed and a filter chosen, then they are sent and paging starts over', async () => {
    const api = fakeApi({ 'GET /api/admin/users': { status: 200, body: [], headers: { 'X-Total-Count': '0' } } });
    renderUsers();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by name or e-mail'), 'caf');
    await user.selectOptions(screen.getByLabelText('Status'), 'deactivated');
    await user.selectOptions(screen.getByLabelText('Last sign-in'), 'never');
    const last = api.calls('GET /api/admin/users').at(-1);
    expect(last?.search.get('q')).toBe('caf');
    expect(last?.search.get('status')).toBe('deactivated');
    expect(last?.search.get('neverSignedIn')).toBe('true');
    expect(last?.search.get('offset')).toBe('0');
  });

  it('when a row is shown, then its buttons say the action shortly and name the person only to assistive technology', async () => {
    fakeApi({ 'GET /api/admin/users': { status: 200, body: [listed(anna)], headers: { 'X-Total-Count': '1' } } });
    renderUsers();
    const promote = await screen.findByRole('button', { name: `Make ${anna.name} an administrator` });
    expect(promote).toHaveTextContent(/^Make administrator$/);
    expect(screen.getByRole('button', { name: `Deactivate ${anna.name}` })).toHaveTextContent(/^Deactivate$/);
  });

  it('when a user is deactivated after confirmation in the dialog, then the change is sent; the last-admin refusal is explained', async () => {
    const api = fakeApi({
      'GET /api/admin/users': { status: 200, body: [listed(anna)], headers: { 'X-Total-Count': '1' } },
      [`PATCH /api/admin/users/${anna.id}`]: apiError(409, 'last_admin'),
    });
    const confirm = jest.spyOn(window, 'confirm');
    renderUsers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Deactivate ${anna.name}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate' });
    expect(dialog).toHaveTextContent(`Deactivate ${anna.name}? They are signed out at once`);
    expect(api.calls(`PATCH /api/admin/users/${anna.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(api.calls(`PATCH /api/admin/users/${anna.id}`)[0]?.body).toEqual({ status: 'deactivated' });
    expect(confirm).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('The last active administrator cannot be demoted');
  });

  it('when the dialog is cancelled, then nothing is sent', async () => {
    const api = fakeApi({
      'GET /api/admin/users': { status: 200, body: [listed(anna)], headers: { 'X-Total-Count': '1' } },
    });
    renderUsers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Make ${anna.name} an administrator` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls(`PATCH /api/admin/users/${anna.id}`)).toHaveLength(0);
  });

  it('when someone who is not an administrator opens it, then they are told, and nothing is loaded', () => {
    const api = fakeApi({});
    renderUsers(fakeSession(anna));
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators');
    expect(api.requests).toHaveLength(0);
  });
});
