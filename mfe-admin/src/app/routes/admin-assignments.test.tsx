import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { User } from '@portal/contracts/auth';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { admin, anna, apiError, type FakeReply, type FakeRequest } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import { fakeCoursesApi } from '../../../../jest/fake-api-headers.ts';
import { assignment, group, paged, person, summary } from '../../testing/fixtures.ts';
import AdminAssignmentsPage from './admin-assignments.tsx';

const fireSafety = summary({ title: 'Fire safety' });
const firstAid = summary({ title: 'First aid' });
const gian = person('Gian Caduff', 'gian@example.ch');
const sales = group('Sales');
const existing = assignment({ courseId: fireSafety.id, userIds: [gian.id], groupIds: [sales.id], dueInDays: 14 });

type Reply = FakeReply | ((request: FakeRequest) => FakeReply);

function openAssignments({ user = admin, create }: { user?: User; create?: Reply } = {}) {
  let assigned = [existing];
  const api = fakeCoursesApi({
    'GET /api/courses': paged([fireSafety, firstAid]),
    'GET /api/admin/users': (request) =>
      paged(request.search.get('q')?.startsWith('gi') ? [gian] : [], request.search.get('q') ? 1 : 0),
    'GET /api/admin/groups': (request) => paged(request.search.get('q') === 'sal' ? [sales] : [sales]),
    'GET /api/assignments': () => ({ status: 200, body: assigned }),
    'POST /api/assignments':
      create ?? ((request) => ({ status: 201, body: { ...existing, ...(request.body as object) } })),
    [`DELETE /api/assignments/${existing.id}`]: () => {
      assigned = [];
      return { status: 200, body: { message: 'Deleted' } };
    },
  });
  renderPage(<AdminAssignmentsPage session={fakeSession(user)} />, {
    path: '/admin/assignments',
    urls: ['/admin/assignments'],
  });
  return api;
}

const chooseCourse = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
  await screen.findByRole('option', { name: title });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), title);
};

describe('assignments page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an employee opens it, then it says only administrators may assign and asks nothing of the training service', () => {
    const api = fakeCoursesApi({ 'GET /api/courses': paged([]) });
    renderPage(<AdminAssignmentsPage session={fakeSession(anna)} />, { path: '/a', urls: ['/a'] });
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators can assign courses.');
    expect(api.requests).toEqual([]);
  });

  it('when the form is sent empty, then each missing field says so and nothing is sent', async () => {
    const api = openAssignments();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Fire safety' });
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText('Choose a course.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one person or group.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveAttribute('aria-invalid', 'true');

    await chooseCourse(user, 'Fire safety');
    await user.type(screen.getByRole('searchbox', { name: 'People' }), 'gi');
    await user.click(await screen.findByRole('button', { name: 'Add Gian Caduff <gian@example.ch>' }));
    await user.click(screen.getByRole('radio', { name: 'On a date' }));
    await user.click(screen.getByRole('checkbox', { name: 'Repeat every … months' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Months until it is due again' }), '0');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText('Choose a due date.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of months between 1 and 120.')).toBeInTheDocument();
    expect(screen.queryByText('Choose a course.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /A number of days after/ }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText('Enter a whole number of days between 1 and 3,650.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Days until due' })).toHaveAccessibleDescription(
      'Enter a whole number of days between 1 and 3,650.',
    );
    expect(api.calls('POST /api/assignments')).toEqual([]);
  });

  it('when a course is assigned to a person and a group, due 14 days after, every 12 months, then that is the body sent and the list is asked again', async () => {
    const api = openAssignments();
    const user = userEvent.setup();
    await chooseCourse(user, 'Fire safety');
    expect(await screen.findByRole('cell', { name: '14 days after the assignment' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'People' }), 'gi');
    await user.click(await screen.findByRole('button', { name: 'Add Gian Caduff <gian@example.ch>' }));
    await user.type(screen.getByRole('searchbox', { name: 'Groups' }), 'sal');
    await user.click(await screen.findByRole('button', { name: 'Add Sales' }));
    expect(within(screen.getByRole('list', { name: 'Chosen Groups' })).getByText('Sales')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Recommended' }));
    await user.click(screen.getByRole('radio', { name: /A number of days after/ }));
    await user.type(screen.getByRole('spinbutton', { name: 'Days until due' }), '14');
    await user.click(screen.getByRole('checkbox', { name: 'Repeat every … months' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Months until it is due again' }), '12');
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(api.calls('POST /api/assignments')).toHaveLength(1));
    expect(api.calls('POST /api/assignments')[0]!.body).toEqual({
      courseId: fireSafety.id,
      userIds: [gian.id],
      groupIds: [sales.id],
      mandatory: false,
      dueInDays: 14,
      recurEveryMonths: 12,
    });
    await waitFor(() => expect(api.calls('GET /api/assignments')).toHaveLength(2));
    expect(api.calls('GET /api/assignments')[0]!.search.get('courseId')).toBe(fireSafety.id);
    expect(screen.queryByRole('list', { name: 'Chosen Groups' })).not.toBeInTheDocument();
    // A new form: the searches are empty again, not what was typed for the assignment just made.
    expect(screen.getByRole('searchbox', { name: 'People' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Groups' })).toHaveValue('');
  });

  it('when a due date is picked, then the day is sent, for the server to end it in the portal’s time zone', async () => {
    const api = openAssignments();
    const user = userEvent.setup();
    await chooseCourse(user, 'First aid');
    await user.type(screen.getByRole('searchbox', { name: 'Groups' }), 'sal');
    await user.click(await screen.findByRole('button', { name: 'Add Sales' }));
    await user.click(screen.getByRole('radio', { name: 'On a date' }));
    const next = new Date().getFullYear() + 1;
    await user.type(screen.getByLabelText('Due date'), `${next}-03-12`);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.calls('POST /api/assignments')).toHaveLength(1));
    expect(api.calls('POST /api/assignments')[0]!.body).toEqual({
      courseId: firstAid.id,
      userIds: [],
      groupIds: [sales.id],
      mandatory: true,
      dueOn: `${next}-03-12`,
    });
  });

  it.each([
    [
      'course_unknown',
      'Dieser Kurs kann nicht zugewiesen werden (er existiert nicht mehr oder ist noch nicht veröffentlicht).',
    ],
    ['course_draft', 'Dieser Kurs ist ein Entwurf: Veröffentlichen Sie ihn, bevor Sie ihn zuweisen.'],
  ])(
    'when the server refuses the course (%s), then its reason is shown under the course, translated',
    async (code, text) => {
      await i18next.changeLanguage('de');
      openAssignments({ create: apiError(422, code) });
      const user = userEvent.setup();
      await screen.findByRole('option', { name: 'Fire safety' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Kurs' }), 'Fire safety');
      await user.type(screen.getByRole('searchbox', { name: 'Gruppen' }), 'sal');
      await user.click(await screen.findByRole('button', { name: 'Sales hinzufügen' }));
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await user.click(screen.getByRole('button', { name: 'Zuweisen' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
    },
  );

  it('when assignments name groups, then the list names each group it knows and counts only the others', async () => {
    const hr = group('Human resources');
    const gone = group('Deleted meanwhile');
    fakeCoursesApi({
      'GET /api/courses': paged([fireSafety]),
      'GET /api/admin/groups': paged([sales, hr]),
      'GET /api/assignments': {
        status: 200,
        body: [
          assignment({ courseId: fireSafety.id, groupIds: [sales.id, hr.id] }),
          assignment({ courseId: fireSafety.id, userIds: [gian.id], groupIds: [gone.id] }),
        ],
      },
    });
    renderPage(<AdminAssignmentsPage session={fakeSession(admin)} />, {
      path: '/admin/assignments',
      urls: ['/admin/assignments'],
    });
    const user = userEvent.setup();
    await chooseCourse(user, 'Fire safety');
    expect(await screen.findByRole('cell', { name: 'Sales, Human resources' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1 person, 1 group' })).toBeInTheDocument();
  });

  it('when an assignment is made, then both searches start empty again, and after a refusal they keep what was typed', async () => {
    let refuse = true;
    openAssignments({
      create: (request) =>
        refuse ? apiError(422, 'course_draft') : { status: 201, body: { ...existing, ...(request.body as object) } },
    });
    const user = userEvent.setup();
    await chooseCourse(user, 'Fire safety');
    await user.type(screen.getByRole('searchbox', { name: 'People' }), 'gi');
    await user.click(await screen.findByRole('button', { name: 'Add Gian Caduff <gian@example.ch>' }));
    await user.type(screen.getByRole('searchbox', { name: 'Groups' }), 'sal');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This course is a draft');
    expect(screen.getByRole('searchbox', { name: 'People' })).toHaveValue('gi');
    expect(screen.getByRole('searchbox', { name: 'Groups' })).toHaveValue('sal');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('The course has been assigned.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'People' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Groups' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen People' })).not.toBeInTheDocument();
  });

  it('when a group made after the page opened is assigned, then the list names it instead of counting "1 group"', async () => {
    const training = group('Training team');
    let assigned: ReturnType<typeof assignment>[] = [];
    let made = false;
    fakeCoursesApi({
      'GET /api/courses': paged([fireSafety]),
      'GET /api/admin/groups': (request) => paged(request.search.get('q') === 'tra' || made ? [training] : []),
      'GET /api/assignments': () => ({ status: 200, body: assigned }),
      'POST /api/assignments': (request) => {
        made = true;
        assigned = [assignment({ courseId: fireSafety.id, groupIds: [training.id] })];
        return { status: 201, body: { ...assigned[0], ...(request.body as object) } };
      },
    });
    renderPage(<AdminAssignmentsPage session={fakeSession(admin)} />, {
      path: '/admin/assignments',
      urls: ['/admin/assignments'],
    });
    const user = userEvent.setup();
    await chooseCourse(user, 'Fire safety');
    expect(await screen.findByText('This course is not assigned to anyone yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Groups' }), 'tra');
    await user.click(await screen.findByRole('button', { name: 'Add Training team' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    expect(await screen.findByRole('cell', { name: 'Training team' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '1 group' })).not.toBeInTheDocument();
  });

  it('when an assignment is withdrawn, then it is asked for confirmation, deleted and gone from the list', async () => {
    const api = openAssignments();
    const user = userEvent.setup();
    await chooseCourse(user, 'Fire safety');
    expect(await screen.findByRole('cell', { name: '1 person, Sales' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw this assignment?' });
    expect(api.calls(`DELETE /api/assignments/${existing.id}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('This course is not assigned to anyone yet.')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/assignments/${existing.id}`)).toHaveLength(1);
  });
});
