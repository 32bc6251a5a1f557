import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import InviteUserPage from './admin-invite.tsx';

const renderInvite = (user = admin) =>
  renderPage(<InviteUserPage session={fakeSession(user)} />, {
    path: '/admin/users/invite',
    urls: ['/admin/users/invite'],
  });

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'ines@example.ch');
  await user.type(screen.getByLabelText('Full name'), 'Ines Caduff');
  await user.selectOptions(screen.getByLabelText('Language of the invitation'), 'rm');
  await user.type(screen.getByLabelText('Groups'), 'Sales, Support');
  await user.click(screen.getByLabelText('System administrator'));
  return user;
}

describe('invite page', () => {
  it('when an administrator follows Back to users, then the users list opens', async () => {
    renderInvite();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to users' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
  });

  it('when the user is not a system administrator, then only a notice is shown', () => {
    renderInvite(anna);
    expect(screen.getByRole('alert')).toHaveTextContent('You are not allowed to do this.');
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
  });

  it('when an administrator invites, then e-mail, name, language, role and groups are sent and the page confirms', async () => {
    const api = fakeApi({
      'POST /api/admin/invitations': {
        status: 201,
        body: { outcome: 'invited', user: { ...anna, email: 'ines@example.ch', name: 'Ines Caduff', language: 'rm' } },
      },
    });
    renderInvite();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('The invitation has been sent to ines@example.ch.')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/invitations')[0]?.body).toEqual({
      email: 'ines@example.ch',
      name: 'Ines Caduff',
      language: 'rm',
      isSysAdmin: true,
      groups: ['Sales', 'Support'],
    });
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  });

  it('when the address is not one, then sending shows the contracts’ check under the field and sends nothing', async () => {
    const api = fakeApi({});
    renderInvite();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Full name'), 'Ines Caduff');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Please enter a valid e-mail address, for example name@example.com.'),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('when the address already has an account in use, then the page says so and keeps what was typed', async () => {
    fakeApi({ 'POST /api/admin/invitations': apiError(409, 'email_taken') });
    renderInvite();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This person already uses an account: they can sign in or reset their password.',
      ),
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Ines Caduff');
  });
});
