import '@portal/web-kit/testing/setup-i18n';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import type { AuditEntry } from '@portal/contracts/audit';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { queryClient } from '../../lib/queries.ts';
import { auditQueryOf } from '../../features/audit/components/audit-log.tsx';
import AdminAuditPage from './admin-audit.tsx';

const COURSE_ID = '6f1c2a53-4b7e-4c8e-9a51-2d6e0b7f3c10';

const entry = (seq: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  seq,
  recordedAt: '2026-11-20T10:00:01.000Z',
  hash: 'ab'.repeat(32),
  occurredAt: '2026-11-20T10:00:00.000Z',
  actor: { id: admin.id, name: admin.name },
  from: { ip: '192.0.2.7', userAgent: 'Firefox' },
  action: 'course.updated',
  object: { type: 'course', id: COURSE_ID, label: 'Fire safety' },
  outcome: 'success',
  service: 'courses',
  changes: { title: { before: 'Fire', after: 'Fire safety' } },
  ...extra,
});

const renderAudit = (session = fakeSession(admin), url = '/admin/audit') =>
  renderPage(<AdminAuditPage session={session} />, { path: '/admin/audit', urls: [url] });

describe('audit page', () => {
  afterEach(() => queryClient.clear());

  it('when an administrator opens it, then entries show who, what, on which object, the outcome and the change', async () => {
    fakeApi({
      'GET /api/audit': {
        status: 200,
        body: {
          entries: [entry('2'), entry('1', { action: 'user.sign-in-failed', outcome: 'failure', changes: undefined })],
        },
      },
    });
    renderAudit();
    await screen.findByText('Course changed', { selector: 'td span' });
    const rows = screen.getAllByRole('row');
    const updated = within(rows[1]!);
    expect(updated.getByText('Course changed')).toHaveAttribute('title', 'course.updated');
    expect(updated.getByRole('button', { name: 'Fire safety' })).toBeInTheDocument();
    expect(updated.getByText('Succeeded')).toBeInTheDocument();
    expect(updated.getByText('before: Fire, after: Fire safety')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('when a person and an object are clicked, then the list is asked for their entries only, and the CSV follows', async () => {
    const api = fakeApi({ 'GET /api/audit': { status: 200, body: { entries: [entry('1')] } } });
    renderAudit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: admin.name }));
    await user.click(await screen.findByRole('button', { name: 'Fire safety' }));
    const last = api.calls('GET /api/audit').at(-1);
    expect(last?.search.get('actor')).toBe(admin.id);
    expect(last?.search.get('object')).toBe(COURSE_ID);
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://portal');
    expect(csv.searchParams.get('format')).toBe('csv');
    expect(csv.searchParams.get('actor')).toBe(admin.id);
  });

  it('when it is opened from a course page, then it shows that course’s history', async () => {
    const api = fakeApi({ 'GET /api/audit': { status: 200, body: { entries: [entry('1')] } } });
    renderAudit(fakeSession(admin), `/admin/audit?objectId=${COURSE_ID}`);
    expect(await screen.findByLabelText('Object')).toHaveValue(COURSE_ID);
    expect(api.calls('GET /api/audit')[0]?.search.get('object')).toBe(COURSE_ID);
  });

  it('when there are older entries, then "Show older entries" asks for the page before the last one shown', async () => {
    const api = fakeApi({ 'GET /api/audit': { status: 200, body: { entries: [entry('9')], next: '9' } } });
    renderAudit();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show older entries' }));
    expect(api.calls('GET /api/audit').at(-1)?.search.get('before')).toBe('9');
    expect(await screen.findAllByText('Course changed', { selector: 'td span' })).toHaveLength(2);
  });

  it('when entries of SCIM and the admin page were stored under different names, then both read as one translated action, in German too', async () => {
    fakeApi({
      'GET /api/audit': {
        status: 200,
        body: {
          entries: [
            entry('2', { action: 'user.status-changed', object: { type: 'user', id: anna.id, label: anna.email } }),
            entry('1', { action: 'user.deactivated', object: { type: 'user', id: anna.id, label: anna.email } }),
          ],
        },
      },
    });
    await i18next.changeLanguage('de');
    try {
      renderAudit();
      expect(await screen.findAllByText('Deaktiviert oder reaktiviert', { selector: 'td span' })).toHaveLength(2);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('when an action group is chosen from the list or an e-mail is typed as the object, then the list is asked by prefix and by what the page shows', async () => {
    const api = fakeApi({ 'GET /api/audit': { status: 200, body: { entries: [entry('1')] } } });
    renderAudit();
    const user = userEvent.setup();
    const list = await screen.findByRole('combobox', { name: 'Action' });
    expect(within(list).getByRole('group', { name: 'Accounts' })).toBeInTheDocument();
    await user.selectOptions(list, 'All: Accounts');
    expect(api.calls('GET /api/audit').at(-1)?.search.get('action')).toBe('user.');
    await user.selectOptions(list, 'Deactivated or reactivated');
    expect(api.calls('GET /api/audit').at(-1)?.search.get('action')).toBe('user.status-changed');
    await user.type(screen.getByLabelText('Object'), anna.email);
    expect(api.calls('GET /api/audit').at(-1)?.search.get('object')).toBe(anna.email);
  });

  it('when the last day chosen is before the first, then the field says so and the list is not asked for it', async () => {
    const api = fakeApi({ 'GET /api/audit': { status: 200, body: { entries: [entry('1')] } } });
    renderAudit();
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-03-10' } });
    expect(await screen.findByText('Course changed', { selector: 'td span' })).toBeInTheDocument();
    const asked = api.calls('GET /api/audit').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription('The last day is before the first.');
    expect(api.calls('GET /api/audit')).toHaveLength(asked);
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await screen.findByRole('link', { name: 'Export CSV' });
    expect(api.calls('GET /api/audit').at(-1)?.search.get('to')).toBe(new Date(2026, 3, 1).toISOString());
  });

  it('when the audit service does not answer, then the page says so', async () => {
    fakeApi({ 'GET /api/audit': apiError(503, 'service_unavailable') });
    renderAudit();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('when someone who is not an administrator opens it, then they are told, and nothing is loaded', () => {
    const api = fakeApi({});
    renderAudit(fakeSession(anna));
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators can read the audit trail.');
    expect(api.calls('GET /api/audit')).toHaveLength(0);
  });

  it('when days are chosen, then the query runs from the first instant of the first day to the end of the last', () => {
    const query = auditQueryOf({ fromDay: '2026-03-01', toDay: '2026-03-31' });
    expect(new Date(query.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2026, 3, 1).getTime());
  });
});
