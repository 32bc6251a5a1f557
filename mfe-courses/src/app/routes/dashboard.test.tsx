import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { User } from '@portal/contracts/auth';
import type { MyAssignment } from '@portal/contracts/training';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { admin, anna, apiError, type FakeRequest, pendingReply } from '../../../../jest/fake-api.ts';
import { fakeCoursesApi, type HeaderReply } from '../../../../jest/fake-api-headers.ts';
import { queryClient } from '../../lib/queries.tsx';
import { coursePage, onboarding, security, summary, taking } from '../../testing/fixtures.ts';
import DashboardPage from './dashboard.tsx';

const welcome = summary({ title: 'Welcome to the course portal', categories: [onboarding] });
const phishing = summary({
  title: 'Spotting phishing',
  shortDescription: 'Recognise suspicious e-mails before they cause harm.',
  categories: [security, onboarding],
});
const draft = summary({ title: 'Advanced incident response', isPublished: false, categories: [security] });

interface Options {
  user?: User;
  url?: string;
  courses?: HeaderReply | ((request: FakeRequest) => HeaderReply | Promise<HeaderReply>);
  routes?: Parameters<typeof fakeCoursesApi>[0];
}

function openDashboard({
  user = anna,
  url = '/dashboard',
  courses = coursePage([welcome, phishing]),
  routes,
}: Options = {}) {
  const api = fakeCoursesApi({
    'GET /api/courses': courses,
    'GET /api/categories': { status: 200, body: [onboarding, security] },
    // The reader takes `phishing` and completed `welcome`: only the first is active.
    'GET /api/courses/participations/mine': {
      status: 200,
      body: [taking(phishing.id), taking(welcome.id, '2026-11-22T10:30:00.000Z')],
    },
    'GET /api/assignments/mine': { status: 200, body: [] },
    ...routes,
  });
  const page = renderPage(<DashboardPage session={fakeSession(user)} />, { path: '/dashboard', urls: [url] });
  /** Goes to another page, as a link or the shell's sign-out does. */
  const leaveFor = (to: string) => act(() => void page.navigate(to));
  return Object.assign(api, { leaveFor });
}

type Api = ReturnType<typeof openDashboard>;
const listQueries = (api: Api) => api.calls('GET /api/courses').map((call) => Object.fromEntries(call.search));
const card = (title: string) => screen.getByRole('article', { name: title });
const location = () => screen.getByTestId('location');
const firstCourse = () => screen.findByRole('link', { name: 'Spotting phishing' });

describe('dashboard', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when the API answers with courses, then each is a card with its title linking to the details, its text and tags', async () => {
    openDashboard();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Anna Caflisch!');
    expect(screen.getByRole('status')).toHaveTextContent('Loading courses…');

    expect(await firstCourse()).toHaveAttribute('href', `/course/${phishing.id}`);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const started = card('Spotting phishing');
    expect(within(started).getByText('Recognise suspicious e-mails before they cause harm.')).toBeInTheDocument();
    const tags = within(started).getByRole('list', { name: 'Categories' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['Information security', 'Onboarding']);
    expect(within(started).getByText('Active')).toBeInTheDocument();
    expect(within(card('Welcome to the course portal')).queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Draft')).not.toBeInTheDocument();
    expect(screen.getByText('Courses found: 2')).toBeInTheDocument();
  });

  it('when an employee looks, then there are no edit or delete icons, no drafts switch, and only published courses are asked for', async () => {
    const api = openDashboard();
    await firstCourse();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Drafts' })).not.toBeInTheDocument();
    expect(listQueries(api)).toEqual([{ published: 'true', lang: 'en', limit: '24', offset: '0' }]);
  });

  it('when an employee opens ?view=drafts, then published courses are still what is asked for', async () => {
    const api = openDashboard({ url: '/dashboard?view=drafts' });
    await firstCourse();
    expect(listQueries(api).map((query) => query.published)).toEqual(['true']);
  });

  it('when an administrator looks, then every card has an edit link and a delete button named after the course', async () => {
    openDashboard({ user: admin });
    await firstCourse();
    const welcomeCard = card('Welcome to the course portal');
    expect(within(welcomeCard).getByRole('link', { name: 'Edit “Welcome to the course portal”' })).toHaveAttribute(
      'href',
      `/edit-course/${welcome.id}`,
    );
    expect(within(welcomeCard).getByRole('button', { name: 'Delete “Welcome to the course portal”' })).toBeVisible();
  });

  it('when an administrator switches to drafts, then drafts are asked for, shown with the Draft label, and the URL keeps the view', async () => {
    const api = openDashboard({
      user: admin,
      courses: (request) => coursePage(request.search.get('published') === 'false' ? [draft] : [welcome]),
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Welcome to the course portal' });
    expect(screen.getByRole('button', { name: 'Published' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Drafts' }));
    expect(await screen.findByRole('link', { name: 'Advanced incident response' })).toBeInTheDocument();
    expect(within(card('Advanced incident response')).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Drafts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true');
    expect(listQueries(api).map((query) => query.published)).toEqual(['true', 'false']);
    expect(location()).toHaveTextContent('/dashboard?view=drafts');
  });

  it('when the administrator confirms a deletion, then the card goes only once the server has agreed', async () => {
    const deletion = pendingReply();
    const api = openDashboard({ user: admin, routes: { [`DELETE /api/courses/${phishing.id}`]: deletion.route } });
    const user = userEvent.setup();
    await firstCourse();

    await user.click(screen.getByRole('button', { name: 'Delete “Spotting phishing”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this course?' });
    expect(dialog).toHaveAccessibleDescription(/“Spotting phishing” will be deleted for everyone/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(card('Spotting phishing')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/courses/${phishing.id}`)).toHaveLength(1);

    deletion.send({ status: 200, body: { message: 'Course deleted' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Spotting phishing' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(card('Welcome to the course portal')).toBeInTheDocument();
    expect(await screen.findByText('The course “Spotting phishing” has been deleted.')).toBeInTheDocument();
    expect(screen.getByText('Courses found: 1')).toBeInTheDocument();
  });

  it('when the confirmation is cancelled with Escape, then nothing is deleted and the focus is back on the delete button', async () => {
    const api = openDashboard({ user: admin, routes: { [`DELETE /api/courses/${phishing.id}`]: { status: 200 } } });
    const user = userEvent.setup();
    await firstCourse();
    const deleteButton = screen.getByRole('button', { name: 'Delete “Spotting phishing”' });
    await user.click(deleteButton);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await user.keyboard('{Tab}{Tab}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(api.calls(`DELETE /api/courses/${phishing.id}`)).toHaveLength(0);
    expect(card('Spotting phishing')).toBeInTheDocument();
  });

  it('when the server answers the deletion with 404, then a warning is logged and the card stays', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    openDashboard({ user: admin, routes: { [`DELETE /api/courses/${phishing.id}`]: apiError(404, 'not_found') } });
    const user = userEvent.setup();
    await firstCourse();
    await user.click(screen.getByRole('button', { name: 'Delete “Spotting phishing”' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(phishing.id), expect.anything());
    expect(card('Spotting phishing')).toBeInTheDocument();
    expect(screen.getByText('Courses found: 2')).toBeInTheDocument();
  });

  it('when the deletion fails otherwise, then a translated error toast says so and the card stays', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openDashboard({
      user: admin,
      routes: { [`DELETE /api/courses/${phishing.id}`]: apiError(500, 'internal_error') },
    });
    const user = userEvent.setup();
    await firstCourse();
    await user.click(screen.getByRole('button', { name: 'Delete “Spotting phishing”' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The course could not be deleted. Please try again.')).toBeInTheDocument();
    expect(card('Spotting phishing')).toBeInTheDocument();
  });

  it('when the deletion failed and the user leaves the dashboard, then its error toast closes with it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = openDashboard({
      user: admin,
      routes: { [`DELETE /api/courses/${phishing.id}`]: apiError(500, 'internal_error') },
    });
    const user = userEvent.setup();
    await firstCourse();
    await user.click(screen.getByRole('button', { name: 'Delete “Spotting phishing”' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const message = 'The course could not be deleted. Please try again.';
    expect(await screen.findByText(message)).toBeInTheDocument();

    api.leaveFor(`/course/${phishing.id}`);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent(`/course/${phishing.id}`);
    // Closing plays an exit animation, which jsdom never ends: a closing toast is marked data-in="false".
    const shown = () => screen.queryByText(message)?.closest('.Toastify__toast')?.getAttribute('data-in') ?? 'false';
    await waitFor(() => expect(shown()).toBe('false'));
  });

  it('when the user types a search, then one request with q is sent once typing pauses, from the first page, and the URL keeps it', async () => {
    const api = openDashboard({
      url: '/dashboard?page=2',
      courses: (request) => coursePage(request.search.get('q') ? [phishing] : [welcome, phishing], 30),
    });
    const user = userEvent.setup();
    await firstCourse();
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'phish');

    await waitFor(() => expect(listQueries(api)).toHaveLength(2));
    expect(listQueries(api)[1]).toEqual({ published: 'true', lang: 'en', q: 'phish', limit: '24', offset: '0' });
    expect(location()).toHaveTextContent('/dashboard?q=phish');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('when a category is chosen, then the list is narrowed to it on the server and the page starts again at 1', async () => {
    const api = openDashboard({ url: '/dashboard?q=phish&page=2', courses: coursePage([phishing], 30) });
    const user = userEvent.setup();
    await firstCourse();
    const select = screen.getByRole('combobox', { name: 'Category' });
    // The categories come in their own call, which may answer after the first page of courses.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All categories', 'Onboarding', 'Information security']),
    );

    await user.selectOptions(select, 'Information security');
    await waitFor(() => expect(listQueries(api)).toHaveLength(2));
    expect(listQueries(api)[1]).toEqual({
      published: 'true',
      lang: 'en',
      q: 'phish',
      categoryId: security.id,
      limit: '24',
      offset: '0',
    });
    expect(location()).toHaveTextContent(`/dashboard?q=phish&category=${security.id}`);
  });

  it('when the dashboard is opened with search, category and page in the URL (a reload), then they are sent and shown', async () => {
    const api = openDashboard({
      url: `/dashboard?q=phish&category=${security.id}&page=2`,
      courses: coursePage([phishing], 30),
    });
    await firstCourse();
    expect(listQueries(api)).toEqual([
      { published: 'true', lang: 'en', q: 'phish', categoryId: security.id, limit: '24', offset: '24' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('phish');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue(security.id));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('when X-Total-Count says 60 courses, then the pager shows page 1 of 3 and Next asks for the next 24', async () => {
    const api = openDashboard({ courses: coursePage([welcome, phishing], 60) });
    const user = userEvent.setup();
    await firstCourse();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByText('Courses found: 60')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument());
    expect(listQueries(api)[1]).toEqual({ published: 'true', lang: 'en', limit: '24', offset: '24' });
    expect(location()).toHaveTextContent('/dashboard?page=2');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(listQueries(api)[2]?.offset).toBe('48');
  });

  it('when everything fits on one page, then there is no pager', async () => {
    openDashboard({ courses: coursePage([welcome, phishing], 2) });
    await firstCourse();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('when the URL asks for a page beyond the last, then the last page is shown instead', async () => {
    const api = openDashboard({
      url: '/dashboard?page=9',
      courses: (request) => coursePage(request.search.get('offset') === '24' ? [phishing] : [], 30),
    });
    await firstCourse();
    expect(listQueries(api).map((query) => query.offset)).toEqual(['192', '24']);
    expect(location()).toHaveTextContent('/dashboard?page=2');
  });

  it('when no course matches the search, then "No courses match" is shown, and clearing the filter shows them all again', async () => {
    const api = openDashboard({
      url: '/dashboard?q=zzz',
      courses: (request) => coursePage(request.search.get('q') ? [] : [welcome, phishing]),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No courses match your search.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(await firstCourse()).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('');
    expect(listQueries(api).map((query) => query.q)).toEqual(['zzz', undefined]);
  });

  describe('my courses', () => {
    const mine = (api: Api) => api.calls('GET /api/courses/mine').map((call) => Object.fromEntries(call.search));
    const started = { ...phishing, startedAt: '2026-11-20T09:00:00.000Z', completedAt: null };
    const finished = {
      ...welcome,
      startedAt: '2026-11-01T09:00:00.000Z',
      completedAt: '2026-11-22T10:30:00.000Z',
    };

    it('when an employee chooses Completed, then their completed courses are asked for a page at a time and show their completion dates', async () => {
      const api = openDashboard({
        routes: {
          'GET /api/courses/mine': (request) =>
            coursePage(request.search.get('status') === 'completed' ? [finished] : [started], 30),
        },
      });
      const user = userEvent.setup();
      await firstCourse();
      expect(screen.getByRole('button', { name: 'All courses' })).toHaveAttribute('aria-pressed', 'true');

      await user.click(screen.getByRole('button', { name: 'Completed' }));
      expect(await screen.findByText('Completed on Nov 22, 2026')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Completed' })).toBeInTheDocument();
      expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
      expect(location()).toHaveTextContent('/dashboard?view=completed');
      expect(mine(api)).toEqual([{ status: 'completed', lang: 'en', limit: '24', offset: '0' }]);

      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(mine(api)).toHaveLength(2));
      expect(mine(api)[1]).toEqual({ status: 'completed', lang: 'en', limit: '24', offset: '24' });
    });

    it('when the dashboard opens on In progress, then the started courses show when they were started', async () => {
      const api = openDashboard({
        url: '/dashboard?view=in-progress',
        routes: { 'GET /api/courses/mine': coursePage([started]) },
      });
      expect(await screen.findByText('Started on Nov 20, 2026')).toBeInTheDocument();
      expect(within(card('Spotting phishing')).getByText('Active')).toBeInTheDocument();
      expect(mine(api)).toEqual([{ status: 'in-progress', lang: 'en', limit: '24', offset: '0' }]);
      expect(listQueries(api)).toEqual([]);
    });

    it('when nothing is in progress, then the empty state says so and leads back to all courses', async () => {
      openDashboard({ url: '/dashboard?view=in-progress', routes: { 'GET /api/courses/mine': coursePage([]) } });
      expect(await screen.findByText('You have no courses in progress.')).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Browse all courses' }));
      expect(await firstCourse()).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/dashboard$/);
    });

    it('when an administrator looks, then Published, Drafts, In progress and Completed are offered', async () => {
      openDashboard({ user: admin });
      await firstCourse();
      const views = screen.getByRole('group', { name: 'Show' });
      expect(
        within(views)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Published', 'Drafts', 'In progress', 'Completed']);
    });
  });

  it('when there are no courses at all, then the empty state says so', async () => {
    openDashboard({ courses: coursePage([]) });
    expect(await screen.findByText('There are no courses yet.')).toBeInTheDocument();
  });

  it('when the course service is down, then a translated error with Retry is shown, and Retry loads the courses', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    openDashboard({
      courses: () => (down ? apiError(503, 'service_unavailable') : coursePage([welcome, phishing])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The courses could not be loaded.');
    expect(alert).toHaveTextContent('The course service is not available right now. Please try again in a moment.');
    expect(logged).toHaveBeenCalledWith('Could not load the courses', expect.anything());

    down = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await firstCourse()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the interface is in German, then the texts are German and numbers are written the German way', async () => {
    await i18next.changeLanguage('de');
    openDashboard({ courses: coursePage([welcome, phishing], 1234) });
    await firstCourse();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Willkommen, Anna Caflisch!');
    expect(screen.getByText('Gefundene Kurse: 1.234')).toBeInTheDocument();
    expect(screen.getByText('Seite 1 von 52')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Kurse suchen' })).toBeInTheDocument();
  });

  describe('course languages', () => {
    const german = summary({
      title: 'Sicherheit am Arbeitsplatz',
      shortDescription: 'Helm tragen.',
      language: 'de',
      defaultLanguage: 'de',
      languages: ['fr', 'de', 'rm'],
    });

    it('when a course is shown in its default language, then the card says the reader language is missing, names its other languages and marks its text with its language', async () => {
      openDashboard({ courses: coursePage([welcome, german]) });
      const shown = await screen.findByRole('article', { name: 'Sicherheit am Arbeitsplatz' });
      expect(within(shown).getByText('Not yet available in English – shown in German')).toBeInTheDocument();
      const alsoIn = within(shown).getByText('Also in:', { exact: false });
      expect(alsoIn).toHaveTextContent('Also in: FR RM French, Romansh');
      expect(within(alsoIn).getByTitle('French')).toHaveAttribute('lang', 'fr');
      expect(within(shown).getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'de');
      expect(within(shown).getByText('Helm tragen.')).toHaveAttribute('lang', 'de');

      const english = card('Welcome to the course portal');
      expect(within(english).queryByText(/Not yet available/)).not.toBeInTheDocument();
      expect(within(english).queryByText(/Also in/)).not.toBeInTheDocument();
    });

    it('when the interface is in Romansh, then the courses are asked for in Romansh and the note is Romansh', async () => {
      await i18next.changeLanguage('rm');
      const api = openDashboard({ courses: coursePage([summary({ ...german, languages: ['de', 'fr'] })]) });
      const shown = await screen.findByRole('article', { name: 'Sicherheit am Arbeitsplatz' });
      expect(within(shown).getByText('Anc betg disponibel per rumantsch – mussà per tudestg')).toBeInTheDocument();
      expect(within(shown).getByText('Era per:', { exact: false })).toHaveTextContent('Era per: FR franzos');
      expect(listQueries(api)[0]).toMatchObject({ lang: 'rm' });
    });

    it('when "only courses in my language" is chosen, then the server is asked for those, the URL keeps it, and a reload sends it again', async () => {
      const api = openDashboard();
      const user = userEvent.setup();
      await firstCourse();
      expect(listQueries(api)[0]).not.toHaveProperty('inLanguage');
      await user.click(screen.getByRole('checkbox', { name: 'Only courses in English' }));
      await waitFor(() => expect(listQueries(api)).toHaveLength(2));
      expect(listQueries(api)[1]).toEqual({
        published: 'true',
        lang: 'en',
        inLanguage: 'true',
        limit: '24',
        offset: '0',
      });
      expect(location()).toHaveTextContent('/dashboard?mylang=1');
    });

    it('when the dashboard is opened with ?mylang=1, then the box is checked and only courses in the reader language are asked for', async () => {
      const api = openDashboard({ url: '/dashboard?mylang=1', courses: coursePage([]) });
      expect(await screen.findByText('No courses match your search.')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Only courses in English' })).toBeChecked();
      expect(listQueries(api)[0]).toMatchObject({ inLanguage: 'true', lang: 'en' });
    });
  });

  describe('assigned to me', () => {
    const year = new Date().getFullYear();
    const assigned = (values: Partial<MyAssignment>): MyAssignment => ({
      courseId: summary().id,
      courseTitle: 'Fire safety',
      mandatory: true,
      dueAt: null,
      status: 'not-started',
      completedAt: null,
      ...values,
    });
    // In the order the server might send them: the page puts the most urgent first.
    const mine = [
      assigned({ courseTitle: 'Data protection', mandatory: false, dueAt: `${year}-12-20T12:00:00.000Z` }),
      assigned({ courseTitle: 'Code of conduct', status: 'completed', completedAt: `${year}-02-01T12:00:00.000Z` }),
      assigned({ courseTitle: 'Fire safety', dueAt: `${year}-03-12T12:00:00.000Z`, status: 'overdue' }),
      assigned({ courseTitle: 'First aid', dueAt: `${year}-12-01T12:00:00.000Z`, status: 'in-progress' }),
    ];
    const assignedCards = async () => {
      const section = await screen.findByRole('region', { name: /Assigned to me|Mir zugewiesen/ });
      return within(section).getAllByRole('article');
    };

    it('when the reader has assignments, then they come first, the most urgent first, overdue marked, each saying whether it is mandatory and when it is due', async () => {
      openDashboard({ routes: { 'GET /api/assignments/mine': { status: 200, body: mine } } });
      const cards = await assignedCards();
      expect(cards.map((item) => item.textContent)).toEqual([
        'OverdueFire safetyMandatory · overdue since March 12',
        'First aidMandatory · due December 1',
        'Data protectionRecommended · due December 20',
        'Code of conductMandatory · completed',
      ]);
      expect(within(cards[0]!).getByRole('link', { name: 'Fire safety' })).toHaveAttribute(
        'href',
        `/course/${mine[2]!.courseId}`,
      );
      const section = screen.getByRole('region', { name: 'Assigned to me' });
      const heading = screen.getByRole('heading', { level: 2, name: 'Courses' });
      expect(section.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('when the interface is in German, then the labels and dates are German and the titles asked for in German', async () => {
      await i18next.changeLanguage('de');
      const api = openDashboard({ routes: { 'GET /api/assignments/mine': { status: 200, body: mine } } });
      const cards = await assignedCards();
      expect(api.calls('GET /api/assignments/mine').map((call) => call.search.get('lang'))).toEqual(['de']);
      expect(within(cards[0]!).getByText('Pflicht · überfällig seit 12. März')).toBeInTheDocument();
      expect(within(cards[0]!).getByText('Überfällig')).toBeInTheDocument();
      expect(within(cards[2]!).getByText('Empfohlen · fällig am 20. Dezember')).toBeInTheDocument();
    });

    it('when nothing is assigned, then there is no such section', async () => {
      openDashboard();
      await firstCourse();
      expect(screen.queryByRole('region', { name: 'Assigned to me' })).not.toBeInTheDocument();
    });

    it('when the training service fails, then the section says so and the courses are shown all the same', async () => {
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      let down = true;
      openDashboard({
        routes: {
          'GET /api/assignments/mine': () => (down ? apiError(502, 'bad_gateway') : { status: 200, body: mine }),
        },
      });
      expect(await firstCourse()).toBeInTheDocument();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your assigned courses could not be loaded.');
      expect(alert).toHaveTextContent('The rest of the dashboard works. Please try again in a moment.');
      expect(logged).toHaveBeenCalledWith('Could not load the assigned courses', expect.anything());

      down = false;
      await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await assignedCards()).toHaveLength(4);
    });
  });
});
