import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it, jest } from '@jest/globals';
import type { SsoSettings } from '@portal/contracts/sso-settings';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { queryClient } from '../../lib/queries.ts';
import AdminSsoPage from './admin-sso.tsx';

const REDIRECT_URI = 'https://learn.example.ch/api/auth/oidc/callback';
const POST_LOGOUT_REDIRECT_URI = 'https://learn.example.ch/';
const none: SsoSettings = {
  source: 'none',
  issuerUrl: '',
  clientId: '',
  hasClientSecret: false,
  displayName: '',
  adminGroups: [],
  allowedDomains: [],
  passwordSignIn: true,
  enabled: false,
  redirectUri: REDIRECT_URI,
  postLogoutRedirectUri: POST_LOGOUT_REDIRECT_URI,
  warnings: [],
};

const renderSso = (session = fakeSession(admin), path = '/admin/sso') =>
  renderPage(<AdminSsoPage session={session} />, { path, urls: [path] });

describe('single sign-on page', () => {
  afterEach(() => queryClient.clear());

  it('when the entries are invalid, then each field says why in the language and nothing typed is lost or sent', async () => {
    const api = fakeApi({ 'GET /api/admin/sso': { status: 200, body: none } });
    renderSso();
    const user = userEvent.setup();
    expect(await screen.findByText(REDIRECT_URI)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Issuer or discovery URL'), 'login.company.test');
    await user.type(screen.getByLabelText('Client ID'), 'portal');
    await user.type(screen.getByLabelText('Allowed e-mail domains'), 'company.test, not a domain');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Issuer or discovery URL')).toHaveAccessibleDescription(
      /Please enter a full URL starting with https:\/\//,
    );
    expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription(/Please enter a display name\./);
    expect(screen.getByLabelText('Allowed e-mail domains')).toHaveAccessibleDescription(/such as example\.com/);
    expect(screen.getByLabelText('Client ID')).toHaveValue('portal');
    expect(api.calls('PUT /api/admin/sso')).toEqual([]);
  });

  it('when valid settings are saved, then they are sent with the lists split and the secret field is emptied', async () => {
    const api = fakeApi({
      'GET /api/admin/sso': { status: 200, body: none },
      'PUT /api/admin/sso': (request) => ({
        status: 200,
        body: { ...none, ...(request.body as object), source: 'stored', hasClientSecret: true },
      }),
    });
    renderSso();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Issuer or discovery URL'), 'https://login.company.test');
    await user.type(screen.getByLabelText('Client ID'), 'portal');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.type(screen.getByLabelText('Display name'), 'Company');
    await user.type(screen.getByLabelText('Administrator groups'), 'portal-admins, it');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved, not switched on')).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/sso')[0]?.body).toEqual({
      issuerUrl: 'https://login.company.test',
      clientId: 'portal',
      clientSecret: 's3cret',
      displayName: 'Company',
      adminGroups: ['portal-admins', 'it'],
      allowedDomains: [],
      passwordSignIn: true,
      enabled: false,
    });
    expect(screen.getByLabelText('Client secret')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Switch on' })).toBeInTheDocument();
  });

  it('when the environment configures the provider, then the settings are read-only and say so, with both URIs to register, and can be tested as they are', async () => {
    const api = fakeApi({
      'GET /api/admin/sso': {
        status: 200,
        body: {
          ...none,
          source: 'environment',
          issuerUrl: 'https://idp.test',
          clientId: 'env',
          hasClientSecret: true,
          enabled: true,
        },
      },
    });
    renderSso();
    expect(await screen.findByText(/come from the environment/)).toBeInTheDocument();
    expect(screen.getByLabelText('Client ID')).toHaveAttribute('readonly');
    expect(screen.getByText('Set in the environment (OIDC_CLIENT_SECRET)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('Post-logout redirect URI')).toBeInTheDocument();
    expect(screen.getByText(POST_LOGOUT_REDIRECT_URI)).toBeInTheDocument();
    const popup = { location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    try {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Test connection' }));
      expect(popup.location.href).toBe('/api/auth/oidc/test');
      expect(api.calls('PUT /api/admin/sso')).toEqual([]);
    } finally {
      open.mockRestore();
    }
  });

  it('when a setting still lets someone around the provider, then the page warns of each in the language', async () => {
    fakeApi({
      'GET /api/admin/sso': {
        status: 200,
        body: { ...none, source: 'stored', warnings: ['password_sign_in', 'registration_outside'] },
      },
    });
    renderSso();
    const warnings = await screen.findByRole('note', { name: 'Ways around the provider' });
    expect(warnings).toHaveTextContent(/Password sign-in is allowed for the provider’s addresses/);
    expect(warnings).toHaveTextContent(/Registration is open to addresses outside the allowed domains/);
  });

  it('when an employee opens it, then they are told it is for administrators', () => {
    renderSso(fakeSession(anna));
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators may manage single sign-on.');
  });
});
