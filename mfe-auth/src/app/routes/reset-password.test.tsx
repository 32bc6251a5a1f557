import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { apiError, fakeApi, type FakeReply } from '../../../../jest/fake-api.ts';
import { renderPage } from '../../testing/render.tsx';
import ResetPasswordPage from './reset-password.tsx';

const TOKEN = 'k3J9xQ2mZpL7vR4tW8yB1nC6dF0gH5sA';
const VALID_LINK = { status: 200, body: { valid: true, email: 'anna@example.ch' } };

/** Opens the page of a link whose check answers `linkStatus`; `routes` answer the page's other calls. */
function renderReset({
  url = `/reset-password?token=${TOKEN}`,
  linkStatus = VALID_LINK,
  routes = {},
}: { url?: string; linkStatus?: FakeReply; routes?: Record<string, FakeReply> } = {}) {
  const api = fakeApi({ 'GET /api/user/reset-password/status': linkStatus, ...routes });
  renderPage(<ResetPasswordPage />, { path: '/reset-password', url });
  return api;
}

async function fillIn({ password = 'Lantern-Orbit-Kite-42', confirmation = '' } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation || password);
  await user.tab();
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Save new password' });
/** The button is enabled once the password is judged (the dictionaries load with the first check). */
const sendable = () => waitFor(() => expect(submit()).toBeEnabled(), { timeout: 15_000 });

describe('reset password page', () => {
  it('when the link has no token, then the page goes to the login', () => {
    renderReset({ url: '/reset-password' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('when the two passwords differ, then "Passwords do not match." is shown and the button is disabled', async () => {
    renderReset();
    await fillIn({ confirmation: 'Lantern-Orbit-Kite-43' });
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('when the new password is too weak, then the security message is shown and the button is disabled', async () => {
    renderReset();
    await fillIn({ password: 'newsecret' });
    expect(screen.getByText('Password does not meet security requirements.')).toBeInTheDocument();
    expect(screen.getByText(/At least 8 characters/)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('when the reset succeeds, then e-mail, token and new password are sent, the toast confirms and the login follows', async () => {
    const api = renderReset({
      routes: { 'POST /api/user/reset-password': { status: 200, body: { message: 'Password changed' } } },
    });
    const user = await fillIn();
    await sendable();
    await user.click(submit());

    expect(await screen.findByText('Your password has been changed. You can now log in with it.')).toBeInTheDocument();
    expect(api.calls('POST /api/user/reset-password')[0]?.body).toEqual({
      email: 'anna@example.ch',
      token: TOKEN,
      newPassword: 'Lantern-Orbit-Kite-42',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('when the link is used, expired or made up, then the page says so at once with a link to request a new e-mail, and shows no form', async () => {
    const api = renderReset({ linkStatus: { status: 200, body: { valid: false } } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link…');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid, has expired or has already been used.',
    );
    expect(screen.getByRole('link', { name: 'Request a new e-mail' })).toHaveAttribute('href', '/request-reset');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(api.calls('GET /api/user/reset-password/status')[0]?.search.get('token')).toBe(TOKEN);
  });

  it('when the link is valid, then its account e-mail is shown read-only, not asked for', async () => {
    renderReset();
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('anna@example.ch');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Choose a new password for your account.')).toBeInTheDocument();
  });

  it('when the link cannot be checked (the portal is unreachable), then the form asks for the e-mail and the reset checks the link', async () => {
    const api = fakeApi({
      'GET /api/user/reset-password/status': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /api/user/reset-password': { status: 200, body: { message: 'Password changed' } },
    });
    renderPage(<ResetPasswordPage />, { path: '/reset-password', url: `/reset-password?token=${TOKEN}` });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('E-mail');
    expect(email).not.toHaveAttribute('readonly');
    await user.type(email, 'anna@example.ch');
    await fillIn();
    await sendable();
    await user.click(submit());
    await waitFor(() =>
      expect(api.calls('POST /api/user/reset-password')[0]?.body).toEqual({
        email: 'anna@example.ch',
        token: TOKEN,
        newPassword: 'Lantern-Orbit-Kite-42',
      }),
    );
  });

  it('when the token turns out invalid on submit, then the form asks for a new link', async () => {
    renderReset({ routes: { 'POST /api/user/reset-password': apiError(400, 'invalid_token') } });
    const user = await fillIn();
    await sendable();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please request a new one.',
    );
  });

  it('when the reset fails otherwise, then the general failure message is shown and the form stays', async () => {
    renderReset({ routes: { 'POST /api/user/reset-password': apiError(500, 'internal_error') } });
    const user = await fillIn();
    await sendable();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password reset failed. Please check your input or try again later.',
    );
    expect(submit()).toBeEnabled();
  });

  it('when the new password meets the character rules but is guessable (Password1), then the meter says so and the button stays disabled', async () => {
    renderReset();
    await fillIn({ password: 'Password1' });
    expect(await screen.findByText(/too easy to guess/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});

describe('reset password page opened by an invitation', () => {
  it('when the link is an invitation, then the page asks to choose a first password', async () => {
    renderReset({ linkStatus: { status: 200, body: { ...VALID_LINK.body, purpose: 'invite' } } });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(
      screen.getByText('You have been invited to the portal. Choose a password for your account.'),
    ).toBeInTheDocument();
  });
});
