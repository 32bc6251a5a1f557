import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ComplianceRow } from '@portal/contracts/training';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { admin, anna, apiError, type FakeReply, type FakeRequest } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import { fakeCoursesApi } from '../../../../jest/fake-api-headers.ts';
import { completionRow, group, paged, summary } from '../../testing/fixtures.ts';
import AdminReportsPage from './admin-reports.tsx';

const fireSafety = summary({ title: 'Fire safety' });
const sales = group('Sales');
const annaRow = completionRow({ name: 'Anna Caflisch', courseId: fireSafety.id, status: 'overdue' });
const gianRow = completionRow({
  name: 'Gian Caduff',
  email: 'gian@example.ch',
  courseId: fireSafety.id,
  status: 'completed',
  completedAt: '2026-11-10T09:00:00.000Z',
  scorePercent: 72.5,
  attemptsUsed: 3,
  passedAt: '2026-11-09T09:00:00.000Z',
});
const compliance: ComplianceRow = {
  groupId: sales.id,
  groupName: 'Sales',
  courseId: fireSafety.id,
  courseTitle: 'Fire safety',
  assigned: 1200,
  completedInTime: 1050,
  overdue: 150,
};

type Reply = FakeReply | ((request: FakeRequest) => FakeReply);

function openReports({ completions, url = '/admin/reports' }: { completions?: Reply; url?: string } = {}) {
  const api = fakeCoursesApi({
    'GET /api/courses': paged([fireSafety]),
    'GET /api/admin/groups': paged([sales]),
    'GET /api/reports/completions':
      completions ??
      ((request) =>
        request.search.get('userId') === annaRow.userId ? paged([annaRow]) : paged([annaRow, gianRow], 120)),
    'GET /api/reports/compliance': { status: 200, body: [compliance] },
  });
  renderPage(<AdminReportsPage session={fakeSession(admin)} />, { path: '/admin/reports', urls: [url] });
  return api;
}

type Api = ReturnType<typeof openReports>;
const lastQuery = (api: Api) =>
  Object.fromEntries(api.calls('GET /api/reports/completions').at(-1)!.search as unknown as [string, string][]);

describe('reports page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an employee opens it, then it says only administrators may see reports', () => {
    fakeCoursesApi({});
    renderPage(<AdminReportsPage session={fakeSession(anna)} />, { path: '/r', urls: ['/r'] });
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators can see the reports.');
  });

  it('when it opens, then the first page of people and courses is shown with statuses, dates, quiz evidence and the total', async () => {
    const api = openReports();
    const table = await screen.findByRole('table', { name: 'Assigned courses and where each person stands' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['Overdue', 'Completed']);
    expect(within(rows[1]!).getByRole('cell', { name: 'Nov 10, 2026' })).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(-3)).toEqual(['Score (%)', 'Attempts used', 'Passed on']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(-3)
        .map((cell) => cell.textContent),
    ).toEqual(['72.5', '3', 'Nov 9, 2026']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .slice(-3)
        .map((cell) => cell.textContent),
    ).toEqual(['–', '–', '–']);
    expect(screen.getByText('Rows: 120')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ lang: 'en', limit: '50', offset: '0' });
  });

  it('when course, group, status and a search are chosen, then the report is asked for with them and the exports follow', async () => {
    const api = openReports();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Fire safety' });
    await screen.findByRole('option', { name: 'Sales' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'Fire safety');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'Sales');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Overdue');
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'anna{Enter}');

    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        courseId: fireSafety.id,
        groupId: sales.id,
        status: 'overdue',
        q: 'anna',
        lang: 'en',
        limit: '50',
        offset: '0',
      }),
    );
    const filters = `courseId=${fireSafety.id}&groupId=${sales.id}&status=overdue&q=anna&lang=en`;
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/reports/completions?${filters}&format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      `/api/reports/completions?${filters}&format=xlsx`,
    );
    expect(api.calls('GET /api/reports/compliance').at(-1)!.search.toString()).toBe(
      `courseId=${fireSafety.id}&groupId=${sales.id}`,
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`course=${fireSafety.id}`);
  });

  it('when people who have left are asked for, then the report, the compliance figures and the exports include them, each marked', async () => {
    const leaver = completionRow({ name: 'Luca Left', courseId: fireSafety.id, accountStatus: 'deactivated' });
    const api = openReports({
      completions: (request) =>
        request.search.get('includeLeavers') === 'true' ? paged([annaRow, leaver]) : paged([annaRow]),
    });
    const user = userEvent.setup();
    await screen.findByText('Rows: 1');
    expect(screen.queryByText(/Luca Left/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show people who have left (deactivated or deleted)' }));

    const marked = await screen.findByRole('button', { name: 'Show the history of Luca Left' });
    expect(marked.closest('th')).toHaveTextContent('Luca Left (deactivated)');
    expect(
      screen.getByRole('button', { name: 'Show the history of Anna Caflisch' }).closest('th'),
    ).not.toHaveTextContent('(');
    expect(lastQuery(api)).toMatchObject({ includeLeavers: 'true' });
    expect(api.calls('GET /api/reports/compliance').at(-1)!.search.get('includeLeavers')).toBe('true');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('includeLeavers=true');
    expect(screen.getByTestId('location')).toHaveTextContent('leavers=1');
  });

  it('when someone completed a course nobody assigned them, then their row says not assigned and shows no assignment date', async () => {
    const volunteer = completionRow({
      name: 'Vera Volunteer',
      assignedAt: null,
      mandatory: false,
      status: 'completed',
    });
    openReports({ completions: paged([volunteer]) });
    const table = await screen.findByRole('table', { name: 'Assigned courses and where each person stands' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1, 4),
    ).toEqual(['Not assigned', 'Completed', '–']);
  });

  it('when Next is pressed, then the next 50 rows are asked for', async () => {
    const api = openReports();
    const user = userEvent.setup();
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ offset: '50', limit: '50' }));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).not.toContain('offset');
  });

  it('when a person is chosen, then their history is shown and Back to everyone returns to the report', async () => {
    const api = openReports();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show the history of Anna Caflisch' }));
    expect(await screen.findByRole('heading', { name: 'History of Anna Caflisch' })).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ userId: annaRow.userId });
    await user.click(screen.getByRole('button', { name: 'Back to everyone' }));
    expect(await screen.findByRole('heading', { name: 'People and courses' })).toBeInTheDocument();
  });

  it('when compliance is shown in German, then numbers and the share are written the German way', async () => {
    await i18next.changeLanguage('de');
    openReports();
    const section = await screen.findByRole('region', { name: 'Erfüllungsgrad' });
    const row = await within(section).findByRole('row', { name: /Sales/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Fire safety', '1.200', '1.050', '150', '88\u00a0%']);
  });

  it('when the training service fails, then the report says so and offers to try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openReports({ completions: apiError(503, 'service_unavailable') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
