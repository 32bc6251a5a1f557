import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anna, apiError, fakeApi, pendingReply } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '../../testing/render.tsx';
import RegisterPage from './register.tsx';

const renderRegister = (session = fakeSession()) =>
  renderPage(<RegisterPage session={session} />, { path: '/register' });

async function fillIn({ name = 'Anna Caflisch', email = 'anna@example.ch', password = 'Lantern-Orbit-Kite-42' } = {}) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText('Full name'), name);
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Register' });
/** The button is enabled once the password is judged (the dictionaries load with the first check). */
const sendable = () => waitFor(() => expect(submit()).toBeEnabled(), { timeout: 15_000 });

describe('register page', () => {
  it('when a field is empty or breaks a rule, then the register button stays disabled', async () => {
    renderRegister();
    expect(submit()).toBeDisabled();
    const user = await fillIn({ name: 'A', email: 'anna@example', password: 'secret123' });
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText('Full name'), 'nna');
    await user.type(screen.getByLabelText('E-mail'), '.ch');
    expect(submit()).toBeDisabled();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Lantern-Orbit-Kite-42');
    await sendable();
  });

  it('when the register button is disabled, then it is described by the list of the rules still unmet, which shrinks as they are met', async () => {
    renderRegister();
    expect(submit()).toHaveAccessibleDescription(
      'To register, please complete: Full name: Please enter at least 2 characters. E-mail: Please enter your e-mail address. Password: The password must have at least 8 characters.',
    );
    const user = await fillIn({ name: 'Anna Caflisch', email: 'anna@example.ch', password: 'secret123' });
    expect(submit()).toHaveAccessibleDescription(
      'To register, please complete: Password: The password needs an upper-case letter.',
    );

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Lantern-Orbit-Kite-42');
    await sendable();
    expect(submit()).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('To register, please complete:')).not.toBeInTheDocument();
  });

  it('when a field loses focus with a wrong value, then its own translated message is shown under it', async () => {
    renderRegister();
    const user = await fillIn({ name: 'A', email: 'anna.example.ch', password: 'Secret12' });
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.tab();

    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Please enter at least 2 characters.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Please enter a valid e-mail address, for example name@example.com.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters, including an upper-case letter, a lower-case letter and a digit. The password needs an upper-case letter.',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('when the registration succeeds, then it is sent with the current language, the toast confirms it and the user is signed in', async () => {
    const register = pendingReply();
    const api = fakeApi({ 'POST /api/auth/register': register.route });
    const session = fakeSession();
    renderRegister(session);
    const user = await fillIn({ name: '  Anna Caflisch ' });
    await sendable();
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    expect(api.calls('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Anna Caflisch',
      email: 'anna@example.ch',
      password: 'Lantern-Orbit-Kite-42',
      language: 'en',
    });
    register.send({ status: 200, body: anna });
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(session.signIn).toHaveBeenCalledWith(anna);
  });

  it('when the e-mail is already registered (409), then the form and the e-mail field say so', async () => {
    fakeApi({ 'POST /api/auth/register': apiError(409, 'email_taken') });
    const session = fakeSession();
    renderRegister(session);
    const user = await fillIn();
    await sendable();
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail address already exists. Log in or reset your password.',
    );
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'An account with this e-mail address already exists.',
    );
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('when the server finds invalid fields, then each field shows the translated message of its issue', async () => {
    fakeApi({
      'POST /api/auth/register': apiError(400, 'validation_failed', [{ path: 'password', code: 'password_too_short' }]),
    });
    renderRegister();
    const user = await fillIn();
    await sendable();
    await user.click(submit());

    expect(await screen.findByText('Please check your entries.')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 8 characters.')).toBeInTheDocument();
  });

  it('when the server fails otherwise, then the form says the registration failed', async () => {
    fakeApi({ 'POST /api/auth/register': apiError(500, 'internal_error') });
    renderRegister();
    const user = await fillIn();
    await sendable();
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
    expect(submit()).toBeEnabled();
  });

  it('when the address signs in through the company provider, then the form says how to sign in instead', async () => {
    fakeApi({ 'POST /api/auth/register': apiError(403, 'password_sign_in_off') });
    const session = fakeSession();
    renderRegister(session);
    const user = await fillIn({ email: 'eva@company.test' });
    await sendable();
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'On the sign-in page, choose the button of the company account.',
    );
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('when someone is already signed in, then the page goes on to the dashboard', () => {
    renderRegister(fakeSession(anna));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('when a password is typed, then the strength meter judges it like the server, with the name and e-mail', async () => {
    renderRegister();
    const user = await fillIn({ name: 'Gianluca Bernasconi', password: 'Bernasconi2024' });
    await waitFor(
      () =>
        expect(submit()).toHaveAccessibleDescription(
          expect.stringContaining('Password: This password is too easy to guess'),
        ),
      { timeout: 15_000 },
    );
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuenow',
      expect.stringMatching(/[0-2]/),
    );

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Lantern-Orbit-Kite-42');
    expect(await screen.findByText('Very strong.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/too easy to guess/)).not.toBeInTheDocument();
  });

  it.each([
    ['Password1', 'a common password', 'Anna Caflisch', 'anna@example.ch'],
    ['Jeandupont1', 'the name run together', 'Jean Dupont', 'jd@example.ch'],
    ['Jean.dupont1', 'the e-mail before the @', 'Jean D', 'jean.dupont@example.ch'],
  ])(
    'when the password is %s (%s), then the meter says it is too easy to guess and the button stays disabled, as the server would refuse it',
    async (password, _why, name, email) => {
      renderRegister();
      await fillIn({ name, email, password });
      await waitFor(
        () =>
          expect(submit()).toHaveAccessibleDescription(
            expect.stringContaining('Password: This password is too easy to guess'),
          ),
        { timeout: 15_000 },
      );
      expect(submit()).toBeDisabled();
    },
  );
});

describe('register page by registration mode', () => {
  it('when the portal takes invitations only, then no form is shown but the notice and the way to sign in', async () => {
    fakeApi({ 'GET /config.json': { status: 200, body: { registration: 'invite' } } });
    renderRegister();
    expect(
      await screen.findByText('Accounts of this portal are created by its administrators. Ask them for an invitation.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('when the registration answers 202, then the page asks to check the e-mail and nobody is signed in', async () => {
    const session = fakeSession();
    fakeApi({
      'GET /config.json': { status: 200, body: { registration: 'domains' } },
      'POST /api/auth/register': { status: 202, body: { message: 'Check your e-mail to go on' } },
    });
    renderRegister(session);
    const user = await fillIn();
    await sendable();
    await user.click(submit());
    expect(
      await screen.findByText('Check your e-mail: we have sent you a message with the next step.'),
    ).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
  });
});
