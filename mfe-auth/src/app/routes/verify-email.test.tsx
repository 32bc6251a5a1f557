import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { renderPage } from '../../testing/render.tsx';
import VerifyEmailPage from './verify-email.tsx';

const TOKEN = 'k3J9xQ2mZpL7vR4tW8yB1nC6dF0gH5sA';
const open = (token = TOKEN) =>
  renderPage(<VerifyEmailPage />, { path: '/verify-email', url: `/verify-email?token=${token}` });

describe('verify e-mail page', () => {
  it('when the link is followed, then its token is sent once and the page says the account is active', async () => {
    const api = fakeApi({
      'POST /api/user/verify-email': { status: 200, body: { message: 'E-mail address confirmed' } },
    });
    open();
    expect(
      await screen.findByText('Your address is confirmed and your account is active. You can now log in.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/user/verify-email').map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('when the link is void, then the page says so', async () => {
    fakeApi({ 'POST /api/user/verify-email': apiError(400, 'invalid_token') });
    open('used-k3J9xQ2mZpL7vR4tW8yB1nC6dF0g');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, has expired or has already been used.',
    );
  });
});
