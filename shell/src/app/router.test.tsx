import { loadRemote, stubRemotePages } from '../testing/remote-runtime.tsx';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { admin, anna, apiError, fakeApi } from '../../../jest/fake-api.ts';
import { changeInterfaceLanguage } from '../lib/i18n.ts';
import type { Session } from '../lib/session.tsx';

const { renderApp, testConfig } = await import('../testing/app.tsx');

const signedOut = () => fakeApi({ 'GET /api/auth/check-login-status': apiError(401, 'unauthorized') });
const signedIn = (user = anna) => fakeApi({ 'GET /api/auth/check-login-status': { status: 200, body: user } });
const location = () => screen.getByTestId('location');

describe('portal routes', () => {
  beforeEach(stubRemotePages);

  it.each([
    '/dashboard',
    '/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e',
    '/categories',
    '/create-course',
    '/edit-course/42',
  ])('when a signed-out visitor opens %s, then the guard sends them to the login page', async (url) => {
    signedOut();
    await renderApp(url);
    expect(await screen.findByRole('heading', { name: 'Remote page auth/LoginPage' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
  });

  it.each([
    ['/dashboard', 'courses/DashboardPage'],
    ['/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e', 'courses/CourseDetailsPage'],
    ['/categories', 'admin/CategoriesPage'],
    ['/create-course', 'editor/CourseFormPage'],
    ['/edit-course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e', 'editor/CourseFormPage'],
    ['/admin', 'admin/AdminHubPage'],
    ['/admin/assignments', 'admin/AdminAssignmentsPage'],
  ])('when a signed-in user opens %s, then the remote supplies %s inside the frame', async (url, page) => {
    signedIn();
    await renderApp(url);
    expect(await screen.findByRole('heading', { name: `Remote page ${page}` })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith(page);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Bahnhofstrasse 1, 8001 Zürich');
  });

  it('when the user moves to another page, then the document title names it and the focus moves to its heading', async () => {
    signedIn(admin);
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    expect(document.title).toBe('Remote page courses/DashboardPage – Course Portal');
    // A page load is no navigation: the focus stays at the top of the page.
    expect(document.body).toHaveFocus();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Categories' })));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Remote page admin/CategoriesPage' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Remote page admin/CategoriesPage – Course Portal');

    // The shell's texts in a language load with the switch (changeInterfaceLanguage), not before.
    await act(() => changeInterfaceLanguage('rm'));
    expect(document.title).toBe('Remote page admin/CategoriesPage – Portal da curs');
  });

  it('when the user opens the user menu while the next page is on its way, then the page does not take the focus from it', async () => {
    signedIn(admin);
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    let arrive: () => void = () => undefined;
    loadRemote.mockImplementationOnce(
      (id) =>
        new Promise((resolve) => {
          arrive = () => resolve({ default: () => <h1>{`Remote page ${id}`}</h1> });
        }),
    );
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Categories' })));
    const menu = screen.getByRole('button', { name: /User menu/ });
    act(() => menu.focus());

    await act(async () => arrive());
    await screen.findByRole('heading', { level: 1, name: 'Remote page admin/CategoriesPage' });
    expect(menu).toHaveFocus();
  });

  it('when the user moves between pages, then the login status is asked only once', async () => {
    const api = signedIn(admin);
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    // A click that loads a remote page: React wants the suspension awaited inside act().
    const clickAndLoad = (name: string) => act(async () => fireEvent.click(screen.getByRole('link', { name })));
    await clickAndLoad('Create course');
    expect(location()).toHaveTextContent('/create-course');
    expect(screen.getByRole('heading', { name: 'Remote page editor/CourseFormPage' })).toBeInTheDocument();
    await clickAndLoad('Overview');
    expect(screen.getByRole('heading', { name: 'Remote page courses/DashboardPage' })).toBeInTheDocument();
    await clickAndLoad('Categories');
    expect(screen.getByRole('heading', { name: 'Remote page admin/CategoriesPage' })).toBeInTheDocument();
    await clickAndLoad('Course Portal – overview');
    expect(location()).toHaveTextContent('/dashboard');
    expect(api.calls('GET /api/auth/check-login-status')).toHaveLength(1);
  });

  it.each([
    ['signed out', signedOut],
    ['signed in', signedIn],
  ])('when a %s visitor opens an unknown path, then "404 Not Found" is shown in the frame', async (_, session) => {
    session();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('when the stored language of the signed-in user is French, then the page switches to French after the check', async () => {
    signedIn({ ...anna, language: 'fr' });
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page introuvable' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
  });

  it.each(['invite', 'off'] as const)(
    'when registration is %s, then the start page offers only the login',
    async (registration) => {
      signedOut();
      await renderApp('/', { ...testConfig, registration });
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'Log in to get started' })).toBeInTheDocument();
      expect(within(main).queryByRole('link', { name: 'Create account' })).not.toBeInTheDocument();
    },
  );

  it('when a visitor opens the start page, then title, subtitle, login link, two paragraphs, topics and footer are shown', async () => {
    signedOut();
    await renderApp('/');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Learning that moves your work forward');
    expect(within(main).getByText(/Short, practical courses/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Log in to get started' })).toHaveAttribute('href', '/login');
    expect(within(main).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(within(main).getByText(/brings the courses of all departments together/)).toBeInTheDocument();
    expect(within(main).getByText(/Experts from across the company/)).toBeInTheDocument();
    expect(within(main).getAllByRole('listitem')).toHaveLength(6);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Learning that fits your working day')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Phone: +41 44 000 00 00' })).toHaveAttribute(
      'href',
      'tel:+41440000000',
    );
    expect(within(footer).getByRole('link', { name: 'E-mail: learning@example.ch' })).toHaveAttribute(
      'href',
      'mailto:learning@example.ch',
    );
    expect(within(footer).getByRole('link', { name: 'Imprint' })).toHaveAttribute(
      'href',
      'https://learning.example.ch/imprint',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://learning.example.ch/privacy',
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument());
  });

  describe('a link opened signed out', () => {
    const COURSE = '/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e';

    beforeEach(() => {
      // The auth slice's login page as a button that signs Anna in through the shell's session.
      loadRemote.mockImplementation(async (id) => ({
        default:
          id === 'auth/LoginPage'
            ? ({ session }: { session: Session }) => (
                <button type="button" onClick={() => session.signIn(anna)}>
                  Sign in as Anna
                </button>
              )
            : () => <h1>{`Remote page ${id}`}</h1>,
      }));
    });

    const signInAsAnna = async () =>
      act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sign in as Anna' })));

    it('when the visitor signs in, then they land on the page the link asked for', async () => {
      signedOut();
      await renderApp(`${COURSE}?tab=files`);
      await signInAsAnna();
      expect(await screen.findByRole('heading', { name: 'Remote page courses/CourseDetailsPage' })).toBeInTheDocument();
      expect(location()).toHaveTextContent(COURSE);
    });

    it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/course/1'])(
      'when the login page is asked to return elsewhere (%s), then sign-in lands on the dashboard',
      async (next) => {
        signedOut();
        await renderApp(`/login?next=${encodeURIComponent(next)}`);
        await signInAsAnna();
        expect(await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' })).toBeInTheDocument();
        expect(location()).toHaveTextContent('/dashboard');
      },
    );
  });
});
