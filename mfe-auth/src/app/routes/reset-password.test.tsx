import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { renderPage } from '../../testing/render.tsx';
import ResetPasswordPage from './reset-password.tsx';

const TOKEN = 'k3J9xQ2mZpL7vR4tW8yB1nC6dF0gH5sA';
const renderReset = (url = `/reset-password?token=${TOKEN}`) =>
  renderPage(<ResetPasswordPage />, { path: '/reset-password', url });

async function fillIn({ email = 'anna@example.ch', password = 'NewSecret1', confirmation = '' } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation || password);
  await user.tab();
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Save new password' });

describe('reset password page', () => {
  it('when the link has no token, then the page goes to the login', () => {
    renderReset('/reset-password');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('when the two passwords differ, then "Passwords do not match." is shown and the button is disabled', async () => {
    renderReset();
    await fillIn({ confirmation: 'NewSecret2' });
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
    const api = fakeApi({ 'POST /api/user/reset-password': { status: 200, body: { message: 'Password changed' } } });
    renderReset();
    const user = await fillIn();
    await user.click(submit());

    expect(await screen.findByText('Your password has been changed. You can now log in with it.')).toBeInTheDocument();
    expect(api.calls('POST /api/user/reset-password')[0]?.body).toEqual({
      email: 'anna@example.ch',
      token: TOKEN,
      newPassword: 'NewSecret1',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('when the token is invalid or expired, then the toast asks for a new link', async () => {
    fakeApi({ 'POST /api/user/reset-password': apiError(400, 'invalid_token') });
    renderReset();
    await (await fillIn()).click(submit());
    expect(
      await screen.findByText('This reset link is invalid or has expired. Please request a new one.'),
    ).toBeInTheDocument();
  });

  it('when the reset fails otherwise, then the general failure message is shown and the form stays', async () => {
    fakeApi({ 'POST /api/user/reset-password': apiError(500, 'internal_error') });
    renderReset();
    await (await fillIn()).click(submit());
    expect(
      await screen.findByText('Password reset failed. Please check your input or try again later.'),
    ).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
