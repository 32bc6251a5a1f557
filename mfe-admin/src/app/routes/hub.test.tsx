import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import AdminHubPage from './hub.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const waiting = (total: number) => ({ status: 200, body: [], headers: { 'X-Total-Count': String(total) } });

function openHub(routes: Routes, user = admin) {
  // The count of an earlier test may still be cached by a page unmounted after the cache was cleared.
  queryClient.clear();
  const api = fakeApi(routes);
  renderPage(<AdminHubPage session={fakeSession(user)} />, { path: '/admin', urls: ['/admin'] });
  return api;
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('administration hub', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('when an administrator opens it, then every administration page is a link, invitations and the import included', async () => {
    openHub({ 'GET /api/courses/results': waiting(0) });
    const section = screen.getByRole('heading', { level: 1, name: 'Administration' }).closest('section') as HTMLElement;
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Users', '/admin/users'],
      ['Invite a user', '/admin/users/invite'],
      ['Import users', '/admin/users/import'],
      ['Groups', '/admin/groups'],
      ['Single sign-on', '/admin/sso'],
      ['Directory sync', '/admin/scim'],
      ['Assignments', '/admin/assignments'],
      ['Results to review', '/admin/reviews'],
      ['Reports', '/admin/reports'],
      ['Audit trail', '/admin/audit'],
    ]);
    expect(await within(card('Results to review')).findByText('0 results waiting')).toBeInTheDocument();
  });

  it('when results wait for review, then their card says how many, from the list total of a one-item page', async () => {
    const api = openHub({ 'GET /api/courses/results': waiting(1234) });
    expect(await within(card('Results to review')).findByText('1,234 results waiting')).toBeInTheDocument();
    const asked = api.calls('GET /api/courses/results');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.search.get('status')).toBe('pending');
    expect(asked[0]?.search.get('limit')).toBe('1');
  });

  it('when one result waits, then the count is singular, and in German too', async () => {
    await i18next.changeLanguage('de');
    openHub({ 'GET /api/courses/results': waiting(1) });
    await screen.findByRole('link', { name: 'Nachweise prüfen' });
    expect(await within(card('Nachweise prüfen')).findByText('1 Ergebnis wartet')).toBeInTheDocument();
  });

  it('when the count cannot be loaded, then the card shows no number and the hub stays usable', async () => {
    const api = openHub({ 'GET /api/courses/results': apiError(503, 'unavailable') });
    await waitFor(() => expect(api.calls('GET /api/courses/results')).toHaveLength(1));
    expect(within(card('Results to review')).queryByText(/waiting/)).not.toBeInTheDocument();
  });

  it('when an employee opens it, then it is refused and nothing is asked of the server', () => {
    const api = openHub({}, anna);
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators can open the administration.');
    expect(api.requests).toHaveLength(0);
  });
});
