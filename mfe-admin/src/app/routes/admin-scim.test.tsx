import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it, jest } from '@jest/globals';
import type { ScimToken } from '@portal/contracts/scim';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { queryClient } from '../../lib/queries.ts';
import AdminScimPage from './admin-scim.tsx';

const BASE_URL = 'https://learn.example.ch/scim/v2';
const entra: ScimToken = {
  id: '3d1f0c55-7a0e-4f43-9d5b-6f1f2b7c9e01',
  label: 'Entra ID',
  createdAt: '2026-11-02T08:00:00.000Z',
  lastUsedAt: '2026-11-20T09:30:00.000Z',
};
const okta: ScimToken = {
  id: '7c2b9e44-1d3a-4b7e-8f60-2a9d4c1e5b02',
  label: 'Okta',
  createdAt: '2026-11-26T10:00:00.000Z',
  lastUsedAt: null,
};

const TOKENS = {
  'GET /api/admin/scim-tokens': { status: 200, body: { baseUrl: BASE_URL, environmentToken: false, tokens: [] } },
};
const SETTINGS_OFF = { 'GET /api/admin/scim-settings': { status: 200, body: { managesAdministrators: false } } };

const renderScim = (session = fakeSession(admin)) =>
  renderPage(<AdminScimPage session={session} />, { path: '/admin/scim', urls: ['/admin/scim'] });

const region = (name: string) => within(screen.getByRole('region', { name }));

describe('directory sync page', () => {
  afterEach(() => queryClient.clear());

  it('when an administrator opens it, then the base URL and the tokens with their last use are shown', async () => {
    fakeApi({
      ...SETTINGS_OFF,
      'GET /api/admin/scim-tokens': {
        status: 200,
        body: { baseUrl: BASE_URL, environmentToken: false, tokens: [entra] },
      },
    });
    renderScim();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Directory sync (SCIM)');
    expect(await region('Connection').findByText(BASE_URL)).toBeInTheDocument();
    const row = within(region('Tokens').getByRole('row', { name: /Entra ID/ }));
    expect(row.getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Revoke “Entra ID”' })).toBeInTheDocument();
  });

  it('when a token is generated, then its secret is shown once and the list names it as never used', async () => {
    let tokens = [entra];
    const api = fakeApi({
      ...SETTINGS_OFF,
      'GET /api/admin/scim-tokens': () => ({
        status: 200,
        body: { baseUrl: BASE_URL, environmentToken: false, tokens },
      }),
      'POST /api/admin/scim-tokens': () => {
        tokens = [okta, entra];
        return { status: 201, body: { token: okta, secret: 'scim_s3cr3t-value' } };
      },
    });
    renderScim();
    const user = userEvent.setup();
    const form = region('Generate a token');
    await user.click(form.getByRole('button', { name: 'Generate token' }));
    expect(form.getByLabelText('Name')).toHaveAccessibleDescription(/Please enter a name\./);
    expect(api.calls('POST /api/admin/scim-tokens')).toEqual([]);
    await user.type(form.getByLabelText('Name'), '  Okta  ');
    await user.click(form.getByRole('button', { name: 'Generate token' }));
    expect(await form.findByLabelText('New token')).toHaveTextContent('scim_s3cr3t-value');
    expect(form.getByText(/copy it now into your directory/)).toBeInTheDocument();
    expect(api.calls('POST /api/admin/scim-tokens')[0]?.body).toEqual({ label: 'Okta' });
    const row = within(await region('Tokens').findByRole('row', { name: /Okta/ }));
    expect(row.getByText('Never')).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveValue('');
  });

  it('when a token is generated, then "Copy token" copies its secret and says so, or says how when the browser refuses', async () => {
    fakeApi({
      ...SETTINGS_OFF,
      ...TOKENS,
      'POST /api/admin/scim-tokens': { status: 201, body: { token: okta, secret: 'scim_s3cr3t-value' } },
    });
    renderScim();
    const user = userEvent.setup();
    const form = region('Generate a token');
    await user.type(await form.findByLabelText('Name'), 'Okta');
    await user.click(form.getByRole('button', { name: 'Generate token' }));
    await user.click(await form.findByRole('button', { name: 'Copy token' }));
    expect(await form.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('scim_s3cr3t-value');

    const refused = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(form.getByRole('button', { name: 'Copy token' }));
    expect(await form.findByText(/The browser did not allow copying: select the token/)).toBeInTheDocument();
    refused.mockRestore();
  });

  it('when the environment sets SCIM_TOKEN, then it is listed as from the environment, without a value or a revoke button', async () => {
    fakeApi({
      ...SETTINGS_OFF,
      'GET /api/admin/scim-tokens': {
        status: 200,
        body: { baseUrl: BASE_URL, environmentToken: true, tokens: [entra] },
      },
    });
    renderScim();
    const row = within(await region('Tokens').findByRole('row', { name: /SCIM_TOKEN/ }));
    expect(row.getByText('From the environment')).toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
    expect(region('Tokens').getByRole('row', { name: /Entra ID/ })).toBeInTheDocument();
    expect(region('Tokens').queryByText('No token yet.')).not.toBeInTheDocument();
  });

  it('when a token is revoked, then it leaves the list and a toast says so', async () => {
    let tokens = [okta, entra];
    const api = fakeApi({
      ...SETTINGS_OFF,
      'GET /api/admin/scim-tokens': () => ({
        status: 200,
        body: { baseUrl: BASE_URL, environmentToken: false, tokens },
      }),
      [`DELETE /api/admin/scim-tokens/${okta.id}`]: () => {
        tokens = [entra];
        return { status: 200, body: { message: 'Token revoked' } };
      },
    });
    renderScim();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Revoke “Okta”' }));
    expect(await screen.findByText('The token “Okta” has been revoked.')).toBeInTheDocument();
    expect(region('Tokens').queryByRole('row', { name: /Okta/ })).not.toBeInTheDocument();
    expect(api.calls(`DELETE /api/admin/scim-tokens/${okta.id}`)).toHaveLength(1);
  });

  it('when generating fails, then a translated message says so and the name typed stays', async () => {
    fakeApi({
      ...SETTINGS_OFF,
      ...TOKENS,
      'POST /api/admin/scim-tokens': apiError(503, 'service_unavailable'),
    });
    renderScim();
    expect(await region('Tokens').findByText('No token yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    const form = region('Generate a token');
    await user.type(form.getByLabelText('Name'), 'Entra ID');
    await user.click(form.getByRole('button', { name: 'Generate token' }));
    expect(await form.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(form.getByLabelText('Name')).toHaveValue('Entra ID');
  });

  it('when an administrator lets the directory manage administrators, then the switch says what it does and saves only once confirmed', async () => {
    const api = fakeApi({
      ...SETTINGS_OFF,
      ...TOKENS,
      'PUT /api/admin/scim-settings': (request) => ({ status: 200, body: request.body }),
    });
    renderScim();
    const panel = region('System administrators');
    expect(panel.getByText(/never touches the first administrator’s account \(ADMIN_EMAIL\)/)).toBeInTheDocument();
    const box = await panel.findByRole('checkbox', { name: 'Let the directory manage system administrators' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    const user = userEvent.setup();

    await user.click(box);
    const question = screen.getByRole('alertdialog', { name: 'Let the directory manage administrators?' });
    expect(question).toHaveAccessibleDescription(/take away an administrator’s access/);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('PUT /api/admin/scim-settings')).toEqual([]);
    expect(box).not.toBeChecked();

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('The directory now manages system administrators.')).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/scim-settings').map((call) => call.body)).toEqual([
      { managesAdministrators: true },
    ]);
    expect(box).toBeChecked();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(box);
    expect(
      screen.getByRole('alertdialog', { name: 'Keep administrators out of the directory’s reach?' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep them out' }));
    expect(await screen.findByText('The directory no longer manages system administrators.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('when saving the switch fails, then a translated message says so and the switch stays as it was', async () => {
    fakeApi({
      ...SETTINGS_OFF,
      ...TOKENS,
      'PUT /api/admin/scim-settings': apiError(503, 'service_unavailable'),
    });
    renderScim();
    const panel = region('System administrators');
    const box = await panel.findByRole('checkbox', { name: 'Let the directory manage system administrators' });
    await waitFor(() => expect(box).toBeEnabled());
    const user = userEvent.setup();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await panel.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(box).not.toBeChecked();
  });

  it('when someone not an administrator opens it, then it says so and asks for nothing', () => {
    const api = fakeApi({});
    renderScim(fakeSession(anna));
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators may manage directory sync.');
    expect(api.requests).toEqual([]);
  });
});
