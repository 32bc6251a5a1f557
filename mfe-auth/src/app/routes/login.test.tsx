import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { formatTime } from '@portal/web-kit/format';
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
    expect(api.calls('POST /api/auth/login')).toEqual([]);
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

  it('when the server refuses the credentials, then the form says inline that e-mail or password is wrong, and sending again clears it', async () => {
    let attempts = 0;
    fakeApi({
      'POST /api/auth/login': () => {
        attempts += 1;
        return attempts === 1 ? apiError(401, 'invalid_credentials') : { status: 200, body: anna };
      },
    });
    const session = fakeSession();
    renderLogin(session);
    const user = await fillIn('anna@example.ch', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const form = screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLFormElement;
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail or password is wrong.');
    expect(form).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(session.signIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(anna));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the 11th failed login is refused with 429 and Retry-After, then one inline message says too many attempts and when to retry', async () => {
    let attempts = 0;
    fakeApi({
      'POST /api/auth/login': () => {
        attempts += 1;
        return attempts <= 10
          ? apiError(401, 'invalid_credentials')
          : apiError(429, 'rate_limited', undefined, { 'Retry-After': '900' });
      },
    });
    renderLogin();
    const user = await fillIn('anna@example.ch', 'wrong');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('E-mail or password is wrong.'));
    }
    const retryAt = formatTime(new Date(Date.now() + 900_000), 'en');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`Too many attempts. You can try again at ${retryAt}.`),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(attempts).toBe(11);
  });

  it('when there were too many attempts (429) and the server says not until when, then the form asks to wait a few minutes', async () => {
    fakeApi({ 'POST /api/auth/login': apiError(429, 'rate_limited') });
    renderLogin();
    const user = await fillIn('anna@example.ch', 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('when the server cannot be reached, then the form says so', async () => {
    fakeApi({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderLogin();
    const user = await fillIn('anna@example.ch', 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The portal cannot be reached. Please check your connection and try again.',
    );
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

  describe('with a company provider', () => {
    const portalConfig = (passwordSignIn: boolean, passwordOutsideDomains = false) => ({
      remotes: { auth: '/a', courses: '/c', editor: '/e', admin: '/ad' },
      languages: ['en'],
      maxFileBytes: 1,
      sessionIdleMinutes: 60,
      registration: 'open',
      deletedAccountRecords: 'anonymise',
      sso: { displayName: 'Contoso', passwordSignIn, passwordOutsideDomains },
      footer: {
        address: 'a',
        website: 'w',
        phone: 'p',
        email: 'e',
        tagline: { en: 't', fr: 't', de: 't', it: 't', rm: 't' },
        imprintUrl: 'i',
        privacyUrl: 'p',
      },
    });

    it('when SSO is configured, then "Sign in with" the provider leads to the gateway with the page asked for, beside the password form', async () => {
      fakeApi({ 'GET /config.json': { status: 200, body: portalConfig(true) } });
      renderPage(<LoginPage session={fakeSession()} />, { path: '/login', url: '/login?next=%2Fcourses%2F42' });
      const link = await screen.findByRole('link', { name: 'Sign in with Contoso' });
      expect(link).toHaveAttribute('href', '/api/auth/oidc/login?next=%2Fcourses%2F42');
      expect(screen.getByLabelText('Password')).toBeVisible();
    });

    it('when the provider sign-in came back with sso_error=domain, then the page says in words why', async () => {
      fakeApi({ 'GET /config.json': { status: 200, body: portalConfig(true) } });
      renderPage(<LoginPage session={fakeSession()} />, { path: '/login', url: '/login?sso_error=domain' });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Your e-mail address is not allowed to sign in to this portal.',
      );
    });

    it('when password sign-in is off and every address is the provider’s, then the password form is folded under "Administrator sign-in"', async () => {
      fakeApi({ 'GET /config.json': { status: 200, body: portalConfig(false) } });
      renderLogin();
      const summary = await screen.findByText('Administrator sign-in');
      expect(screen.getByLabelText('Password')).not.toBeVisible();
      await userEvent.setup().click(summary);
      expect(screen.getByLabelText('Password')).toBeVisible();
    });

    it('when password sign-in is off for the provider’s domains but other domains sign in with a password, then the password form is the normal choice beside the provider', async () => {
      fakeApi({ 'GET /config.json': { status: 200, body: portalConfig(false, true) } });
      renderLogin();
      expect(await screen.findByRole('link', { name: 'Sign in with Contoso' })).toBeVisible();
      expect(screen.getByLabelText('Password')).toBeVisible();
      expect(screen.queryByText('Administrator sign-in')).toBeNull();
    });

    it('when the server refuses a password for a company address, then the form says to use the company account', async () => {
      fakeApi({ 'POST /api/auth/login': apiError(403, 'password_sign_in_off') });
      renderLogin();
      const user = await fillIn('eva@company.test', 'Secret123');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in with your company account.');
    });
  });
});
