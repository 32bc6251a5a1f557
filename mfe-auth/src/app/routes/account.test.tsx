import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '../../testing/render.tsx';
import AccountPage from './account.tsx';

const renderAccount = (session = fakeSession(anna)) =>
  renderPage(<AccountPage session={session} />, { path: '/account' });

const section = (name: string) => within(screen.getByRole('region', { name }));

/** Signs in through the company provider only: the account has no password. */
const viaProvider = { ...anna, hasPassword: false };

describe('account page', () => {
  it('when a signed-in user opens it, then name, e-mail and language are shown', () => {
    renderAccount();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your account');
    const profile = section('Profile');
    expect(profile.getByLabelText('Full name')).toHaveValue(anna.name);
    expect(profile.getByText(anna.email)).toBeInTheDocument();
    expect(profile.getByLabelText('Language')).toHaveValue('en');
  });

  it('when the name is changed, then it is stored and the session takes the stored user', async () => {
    const api = fakeApi({ 'POST /api/user/set-name': { status: 200, body: { ...anna, name: 'Anna Tscharner' } } });
    const session = fakeSession(anna);
    renderAccount(session);
    const user = userEvent.setup();
    const input = section('Profile').getByLabelText('Full name');
    await user.clear(input);
    await user.type(input, 'Anna Tscharner');
    await user.click(section('Profile').getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(api.calls('POST /api/user/set-name')[0]?.body).toEqual({ name: 'Anna Tscharner' });
    expect(session.signIn).toHaveBeenCalledWith({ ...anna, name: 'Anna Tscharner' });
  });

  it('when a user wants their data, then the page offers the export of everything kept about them as a download', () => {
    renderAccount();
    const link = section('Your data').getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
  });

  it('when no one is signed in, then the login page follows', () => {
    renderAccount(fakeSession());
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('when another language is chosen, then the session stores it and the page says so in that language', async () => {
    const session = fakeSession(anna);
    renderAccount(session);
    await userEvent.setup().selectOptions(screen.getByLabelText('Language'), 'Deutsch');
    expect(session.changeLanguage).toHaveBeenCalledWith('de');
    expect(await screen.findByText('Sprache für Ihr Konto gespeichert.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ihr Konto');
    await userEvent.setup().selectOptions(screen.getByLabelText('Sprache'), 'English');
  });

  it('when a new password is typed, then its rule is shown as it is typed, before anything is sent', async () => {
    const api = fakeApi({});
    renderAccount();
    const form = section('Change password');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('New password'), 'short');
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(
      /At least 8 characters.*The password must have at least 8 characters\./,
    );
    await user.type(form.getByLabelText('New password'), 'ABCDEFG');
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(/The password needs a digit\./);
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Please enter your password.');
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('when the password is changed, then current and new are sent, the toast confirms and the fields are emptied', async () => {
    const api = fakeApi({ 'POST /api/user/change-password': { status: 200, body: { message: 'Password changed' } } });
    renderAccount();
    const form = section('Change password');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Current password'), 'Secret123');
    await user.type(form.getByLabelText('New password'), 'Quiet-harbour-lantern-7');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(api.calls('POST /api/user/change-password')[0]?.body).toEqual({
      currentPassword: 'Secret123',
      newPassword: 'Quiet-harbour-lantern-7',
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });

  it('when the new password is built on the name (Annacaflisch1), then it is not sent and the field says it is too easy to guess', async () => {
    const api = fakeApi({ 'POST /api/user/change-password': { status: 200, body: { message: 'Password changed' } } });
    renderAccount();
    const form = section('Change password');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Current password'), 'Secret123');
    await user.type(form.getByLabelText('New password'), 'Annacaflisch1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(form.getByLabelText('New password')).toHaveAccessibleDescription(/too easy to guess/), {
      timeout: 15_000,
    });
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('when the current password is wrong, then the field says so', async () => {
    fakeApi({ 'POST /api/user/change-password': apiError(401, 'invalid_credentials') });
    renderAccount();
    const form = section('Change password');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Current password'), 'Wrong1234');
    await user.type(form.getByLabelText('New password'), 'Quiet-harbour-lantern-7');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('The current password is wrong.'),
    );
  });

  it.each([
    [
      'anonymise',
      'Your company keeps the record of the training assigned to you and what you completed, without your name',
    ],
    ['erase', 'Your training records are deleted too.'],
  ])(
    'when the portal keeps deleted accounts\' records as "%s", then the deletion says so before it happens',
    async (mode, text) => {
      fakeApi({ 'GET /config.json': { status: 200, body: { deletedAccountRecords: mode } } });
      renderAccount();
      expect(await section('Delete account').findByText(new RegExp(text))).toBeInTheDocument();
    },
  );

  it('when the typed confirmation is not the e-mail address, then nothing is deleted', async () => {
    const api = fakeApi({});
    renderAccount();
    const form = section('Delete account');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Password'), 'Secret123');
    await user.type(form.getByLabelText(/To confirm, type your e-mail address/), 'yes');
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(form.getByLabelText(/To confirm/)).toHaveAccessibleDescription('Type your e-mail address exactly as shown.');
    expect(api.calls('DELETE /api/user/delete-user')).toEqual([]);
  });

  it('when the last active administrator deletes their account, then the page says to make another administrator first', async () => {
    fakeApi({ 'DELETE /api/user/delete-user': apiError(409, 'last_admin') });
    renderAccount();
    const form = section('Delete account');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Password'), 'Secret123');
    await user.type(form.getByLabelText(/To confirm/), anna.email);
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await form.findByRole('alert')).toHaveTextContent(/make someone else an administrator before you delete/);
  });

  it('when the account is deleted with password and confirmation, then the user is signed out and the login page follows', async () => {
    const api = fakeApi({ 'DELETE /api/user/delete-user': { status: 200, body: { message: 'Account deleted' } } });
    const session = fakeSession(anna);
    renderAccount(session);
    const form = section('Delete account');
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Password'), 'Secret123');
    await user.type(form.getByLabelText(/To confirm/), anna.email.toUpperCase());
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(api.calls('DELETE /api/user/delete-user')[0]?.body).toEqual({ password: 'Secret123' });
    expect(session.signOut).toHaveBeenCalled();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('when a person with a password opens it, then the password can be changed and the deletion asks for it', () => {
    renderAccount(fakeSession({ ...anna, hasPassword: true }));
    expect(section('Change password').getByLabelText('Current password')).toBeInTheDocument();
    expect(section('Delete account').getByLabelText('Password')).toBeInTheDocument();
  });

  it('when a person who signs in through the company provider only opens it, then no password is asked anywhere and the page says how they sign in', () => {
    renderAccount(fakeSession(viaProvider));
    expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument();
    expect(section('How you sign in').getByText(/You sign in with your company account/)).toBeInTheDocument();
    expect(section('Delete account').queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('when a person without a password deletes their account, then the typed address alone confirms it and the login page follows', async () => {
    const api = fakeApi({ 'DELETE /api/user/delete-user': { status: 200, body: { message: 'Account deleted' } } });
    const session = fakeSession(viaProvider);
    renderAccount(session);
    const form = section('Delete account');
    const user = userEvent.setup();
    await user.type(form.getByLabelText(/To confirm/), anna.email.toUpperCase());
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(api.calls('DELETE /api/user/delete-user')[0]?.body).toEqual({ email: anna.email.toUpperCase() });
    expect(session.signOut).toHaveBeenCalled();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('when the server finds the typed address is not the account’s, then the confirmation field says so', async () => {
    fakeApi({
      'DELETE /api/user/delete-user': apiError(400, 'validation_failed', [
        { path: 'email', code: 'email_confirmation_mismatch' },
      ]),
    });
    renderAccount(fakeSession(viaProvider));
    const form = section('Delete account');
    const user = userEvent.setup();
    await user.type(form.getByLabelText(/To confirm/), anna.email);
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(form.getByLabelText(/To confirm/)).toHaveAccessibleDescription(
        'Type your e-mail address exactly as shown.',
      ),
    );
  });
});
