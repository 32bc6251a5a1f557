import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anna, apiError, fakeApi, pendingReply } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '../../testing/render.tsx';
import LoginPage from './login.tsx';

const renderLogin = (session = fakeSession()) => renderPage(<LoginPage session={session} />, { path: '/login' });

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('login page', () => {
  it('when the form is sent with a field empty, then the button was enabled, each empty field says so and nothing is sent', async () => {
    const api = fakeApi({});
    renderLogin();
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeEnabled();
    const user = await fillIn('anna@example.ch', '');
    await user.click(button);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password.');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('E-mail'));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(api.requests).toEqual([]);
  });

  it('when a language was picked on this device before sign-in, then the login sends it to be stored', async () => {
    const api = fakeApi({ 'POST /api/auth/login': { status: 200, body: { ...anna, language: 'de' } } });
    const session = fakeSession(null, 'de');
    renderLogin(session);
    const user = await fillIn('anna@example.ch', 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalled());
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({
      email: 'anna@example.ch',
      password: 'Secret123',
      language: 'de',
    });
  });

  it('when the form is sent, then the button is disabled with a loading label until the server answers', async () => {
    const login = pendingReply();
    const api = fakeApi({ 'POST /api/auth/login': login.route });
    const session = fakeSession();
    renderLogin(session);
    const user = await fillIn(' anna@example.ch ', 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect(busy).toBeDisabled();
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({ email: 'anna@example.ch', password: 'Secret123' });

    login.send({ status: 200, body: anna });
    expect(await screen.findByText('Login successful. Welcome back, Anna Caflisch!')).toBeInTheDocument();
    expect(session.signIn).toHaveBeenCalledWith(anna);
  });

  it('when the server refuses the credentials, then the toast says the login failed and the form can be sent again', async () => {
    fakeApi({ 'POST /api/auth/login': apiError(401, 'invalid_credentials') });
    const session = fakeSession();
    renderLogin(session);
    const user = await fillIn('anna@example.ch', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Login failed, please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('when there were too many attempts (429), then the toast asks to wait a few minutes', async () => {
    fakeApi({ 'POST /api/auth/login': apiError(429, 'rate_limited') });
    renderLogin();
    const user = await fillIn('anna@example.ch', 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeInTheDocument();
  });

  it('when the server cannot be reached, then the toast says so', async () => {
    fakeApi({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderLogin();
    const user = await fillIn('anna@example.ch', 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByText('The portal cannot be reached. Please check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('when the login status check says someone is signed in, then the page goes on to the dashboard', () => {
    renderLogin(fakeSession(anna));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('when the login status is still being checked, then the form waits', () => {
    renderLogin({ ...fakeSession(), status: 'checking' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('when the show-password toggle is pressed, then the password is shown, and hidden again on the second press', async () => {
    renderLogin();
    const user = await fillIn('', 'Secret123');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('when the links are followed, then they lead to registration and to the password reset', async () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/request-reset');
  });
});
