import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { apiError, fakeApi, pendingReply } from '../../../../jest/fake-api.ts';
import { renderPage } from '../../testing/render.tsx';
import RequestResetPage from './request-reset.tsx';

const renderRequestReset = () => renderPage(<RequestResetPage />, { path: '/request-reset' });
const submit = () => screen.getByRole('button', { name: /Send reset link|Sending/ });

describe('request password reset page', () => {
  it('when the e-mail does not match the pattern, then the button is disabled', async () => {
    renderRequestReset();
    const user = userEvent.setup();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), '.ch');
    expect(submit()).toBeEnabled();
  });

  it('when the request is answered, then the same neutral message is shown whether or not the account exists', async () => {
    const reply = pendingReply();
    const api = fakeApi({ 'POST /api/user/request-password-reset': reply.route });
    renderRequestReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.ch');
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(api.calls('POST /api/user/request-password-reset')[0]?.body).toEqual({ email: 'anna@example.ch' });
    reply.send({ status: 200, body: { message: 'If an account exists for this e-mail, a reset link has been sent' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for this e-mail, we have sent a link to set a new password. The link is valid for 30 minutes.',
    );
  });

  it('when the request fails, then the form says the reset link could not be requested', async () => {
    fakeApi({ 'POST /api/user/request-password-reset': apiError(503, 'internal_error') });
    renderRequestReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.ch');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The reset link could not be requested. Please try again later.',
    );
    expect(submit()).toBeEnabled();
  });

  it('when the address signs in through the company provider, then the form says how to sign in instead', async () => {
    fakeApi({ 'POST /api/user/request-password-reset': apiError(403, 'password_sign_in_off') });
    renderRequestReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'eva@company.test');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'On the sign-in page, choose the button of the company account.',
    );
  });

  it('when the page is open, then a link leads back to the login', () => {
    renderRequestReset();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
