import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { queryClient } from '../../lib/queries.ts';
import AdminGroupsPage from './admin-groups.tsx';

const sales = { id: '7b0c4f4e-8a51-4a53-9a43-2f0f4e8c1a01', name: 'Sales', memberCount: 1, managedBy: 'portal' };
const entra = {
  id: '7b0c4f4e-8a51-4a53-9a43-2f0f4e8c1a02',
  name: 'Entra staff',
  memberCount: 0,
  managedBy: 'directory',
};
const annaMember = { id: anna.id, name: anna.name, email: anna.email, joinedAt: '2026-03-12T09:00:00.000Z' };
const groupsPage = (items: unknown[]) => ({
  status: 200,
  body: items,
  headers: { 'X-Total-Count': String(items.length) },
});

const renderGroups = (session = fakeSession(admin)) =>
  renderPage(<AdminGroupsPage session={session} />, { path: '/admin/groups', urls: ['/admin/groups'] });

describe('groups administration page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an administrator opens it, then the groups are listed with their members and who keeps them; a search is sent and paging starts over', async () => {
    const api = fakeApi({ 'GET /api/admin/groups': groupsPage([sales, entra]) });
    renderGroups();
    const row = (await screen.findByRole('cell', { name: 'Sales' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1 member')).toBeInTheDocument();
    expect(within(row).getByText('The portal')).toBeInTheDocument();
    const directoryRow = screen.getByRole('cell', { name: 'Entra staff' }).closest('tr') as HTMLElement;
    expect(within(directoryRow).getByText('Company directory')).toBeInTheDocument();
    expect(within(directoryRow).queryByRole('button', { name: 'Delete Entra staff' })).toBeNull();
    expect(screen.getByText('2 groups')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByLabelText('Search groups by name'), 'sal');
    const last = api.calls('GET /api/admin/groups').at(-1);
    expect(last?.search.get('q')).toBe('sal');
    expect(last?.search.get('offset')).toBe('0');
  });

  it('when a group is created with a name another has, then the refusal is an alert; a new name creates it and the list reloads', async () => {
    let taken = true;
    const api = fakeApi({
      'GET /api/admin/groups': groupsPage([sales]),
      'POST /api/admin/groups': () =>
        taken ? apiError(409, 'group_name_taken') : { status: 201, body: { ...sales, id: entra.id, name: 'Field' } },
    });
    renderGroups();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name of the new group'), 'sales');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another group already has this name.');
    taken = false;
    await user.clear(screen.getByLabelText('Name of the new group'));
    await user.type(screen.getByLabelText('Name of the new group'), 'Field');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('The group Field has been created.')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/groups').map((call) => call.body)).toEqual([
      { name: 'sales' },
      { name: 'Field' },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when a group is renamed and then deleted after confirmation in the dialog, then both are sent; a cancelled dialog sends nothing', async () => {
    const api = fakeApi({
      'GET /api/admin/groups': groupsPage([sales]),
      [`PATCH /api/admin/groups/${sales.id}`]: { status: 200, body: { ...sales, name: 'Field sales' } },
      [`DELETE /api/admin/groups/${sales.id}`]: { status: 200, body: { message: 'Group deleted' } },
    });
    renderGroups();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Sales' }));
    const input = screen.getByLabelText('New name for Sales');
    await user.clear(input);
    await user.type(input, 'Field sales');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The group is now called Field sales.')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/admin/groups/${sales.id}`)[0]?.body).toEqual({ name: 'Field sales' });

    const confirm = jest.spyOn(window, 'confirm');
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`DELETE /api/admin/groups/${sales.id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete the group Sales? Its 1 member keeps their account.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The group Sales has been deleted.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('when a group’s members are opened, then they are listed; an active person found by the search is added and a member removed', async () => {
    const api = fakeApi({
      'GET /api/admin/groups': groupsPage([sales]),
      [`GET /api/admin/groups/${sales.id}/members`]: groupsPage([annaMember]),
      'GET /api/admin/users': groupsPage([
        { ...admin, status: 'active', lastSignInAt: null, createdAt: '2026-01-01T00:00:00.000Z' },
      ]),
      [`POST /api/admin/groups/${sales.id}/members`]: { status: 200, body: { added: 1 } },
      [`DELETE /api/admin/groups/${sales.id}/members/${anna.id}`]: { status: 200, body: { message: 'Member removed' } },
    });
    renderGroups();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Members of Sales' }));
    const members = await screen.findByRole('region', { name: 'Members of Sales' });
    expect(await within(members).findByRole('cell', { name: anna.email })).toBeInTheDocument();
    expect(within(members).getByText('Mar 12, 2026')).toBeInTheDocument();

    await user.type(within(members).getByLabelText('Find a person to add (name or e-mail)'), 'adm');
    await user.click(await within(members).findByRole('button', { name: `Add ${admin.name}` }));
    expect(api.calls('GET /api/admin/users').at(-1)?.search.get('q')).toBe('adm');
    expect(api.calls('GET /api/admin/users').at(-1)?.search.get('status')).toBe('active');
    expect(api.calls(`POST /api/admin/groups/${sales.id}/members`)[0]?.body).toEqual({ userIds: [admin.id] });
    expect(await within(members).findByText(`${admin.name} has been added to Sales.`)).toBeInTheDocument();

    await user.click(within(members).getByRole('button', { name: `Remove ${anna.name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(api.calls(`DELETE /api/admin/groups/${sales.id}/members/${anna.id}`)).toHaveLength(1);
    expect(await within(members).findByText(`${anna.name} has been removed from Sales.`)).toBeInTheDocument();
  });

  it('when a group the directory keeps is opened, then its members are read-only with a note', async () => {
    fakeApi({
      'GET /api/admin/groups': groupsPage([entra]),
      [`GET /api/admin/groups/${entra.id}/members`]: groupsPage([annaMember]),
    });
    renderGroups();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Members of Entra staff' }));
    const members = await screen.findByRole('region', { name: 'Members of Entra staff' });
    expect(within(members).getByText(/The company directory keeps this group/)).toBeInTheDocument();
    expect(await within(members).findByRole('cell', { name: anna.email })).toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: `Remove ${anna.name}` })).toBeNull();
    expect(within(members).queryByLabelText('Find a person to add (name or e-mail)')).toBeNull();
  });

  it('when someone who is not an administrator opens it, then they are told, and nothing is loaded', () => {
    const api = fakeApi({});
    renderGroups(fakeSession(anna));
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators can manage groups.');
    expect(api.requests).toHaveLength(0);
  });
});
