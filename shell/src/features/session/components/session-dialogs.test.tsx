import { loadRemote, stubRemotePages } from '../../../testing/remote-runtime.tsx';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { api } from '@portal/contracts/api-client';
import { SESSION_ALIVE_INTERVAL_MS, SESSION_ALIVE_PATH } from '@portal/contracts/http';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { anna, apiError, fakeApi, type FakeReply } from '../../../../../jest/fake-api.ts';
import type { Session } from '../../../lib/session.tsx';

const { renderApp } = await import('../../../testing/app.tsx');

/** The auth slice's login page as a button that signs Anna in through the session it was given. */
function stubLoginPage() {
  stubRemotePages();
  const remotePage = loadRemote.getMockImplementation();
  loadRemote.mockImplementation(async (id) =>
    id === 'auth/LoginPage'
      ? {
          default: ({ session }: { session: Session }) => (
            <button type="button" onClick={() => session.signIn(anna)}>
              Sign in as Anna
            </button>
          ),
        }
      : (remotePage?.(id) ?? null),
  );
}

/** The API of a signed-in user whose session ends: `/api/courses/mine` answers 401 until `restore()`. */
function sessionThatEnds(extra: Record<string, FakeReply> = {}) {
  let alive = true;
  const fake = fakeApi({
    'GET /api/auth/check-login-status': () => (alive ? { status: 200, body: anna } : { status: 200, body: null }),
    'GET /api/courses/mine': () => (alive ? { status: 200, body: [] } : apiError(401, 'unauthorized')),
    [`GET ${SESSION_ALIVE_PATH}`]: () => ({ status: 200, body: { signedIn: alive } }),
    ...extra,
  });
  return {
    ...fake,
    end: () => (alive = false),
    restore: () => (alive = true),
  };
}

const endedDialog = () => screen.findByRole('alertdialog', { name: 'Your session has ended' });

describe('an ended session', () => {
  beforeEach(stubLoginPage);
  afterEach(() => {
    jest.useRealTimers();
  });

  it('when a call finds the session ended, then a dialog says so and after sign-in the call runs again', async () => {
    const server = sessionThatEnds();
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    server.end();

    let page: unknown;
    // The dialog loads the auth slice's login page: React wants that suspension awaited inside act().
    await act(async () => {
      void api.listMyCourses({ query: { status: 'in-progress' } }).then((answer) => (page = answer));
      // The fake API answers within this turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const dialog = await endedDialog();
    expect(dialog).toHaveTextContent('What you entered stays here');
    expect(page).toBeUndefined();

    server.restore();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sign in as Anna' })));
    await waitFor(() => expect(page).toEqual({ items: [], total: 0 }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls('GET /api/courses/mine')).toHaveLength(2);
  });

  it('when the session was ended elsewhere and the user returns to the tab, then the dialog says so', async () => {
    const server = sessionThatEnds();
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    const before = server.calls('GET /api/auth/check-login-status').length;
    server.end();
    await act(async () => {
      fireEvent.focus(window);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await endedDialog()).toHaveTextContent('What you entered stays here');
    expect(server.calls('GET /api/auth/check-login-status')).toHaveLength(before + 1);
  });

  it('when the session was ended elsewhere and the tab stays open untouched, then the dialog says so within seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const server = sessionThatEnds();
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    await act(async () => jest.advanceTimersByTime(SESSION_ALIVE_INTERVAL_MS));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const checks = server.calls('GET /api/auth/check-login-status').length;

    server.end();
    await act(async () => jest.advanceTimersByTime(SESSION_ALIVE_INTERVAL_MS));
    expect(await endedDialog()).toHaveTextContent('What you entered stays here');
    // Asked without the client, whose answers would restart the idle countdown.
    expect(server.calls(`GET ${SESSION_ALIVE_PATH}`).length).toBeGreaterThanOrEqual(2);
    expect(server.calls('GET /api/auth/check-login-status')).toHaveLength(checks);
  });

  it('when another tab signs in, then the dialog closes and the call runs again', async () => {
    const server = sessionThatEnds();
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    server.end();
    const call = api.listMyCourses({ query: { status: 'in-progress' } });
    await endedDialog();

    server.restore();
    const otherTab = new BroadcastChannel('portal.session');
    otherTab.postMessage({ type: 'signed-in', user: anna });
    otherTab.close();
    await expect(call).resolves.toEqual({ items: [], total: 0 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('when another tab signs out, then this tab says that the session ended, and sign-out here tells the others', async () => {
    sessionThatEnds({ 'POST /api/auth/logout': { status: 200, body: { message: 'Signed out' } } });
    const otherTab = new BroadcastChannel('portal.session');
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });

    otherTab.postMessage({ type: 'signed-out' });
    await endedDialog();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to the login page' })));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    otherTab.close();
  });

  it('when the user leaves the dialog, then the waiting call fails and the login page returns to where they were', async () => {
    const server = sessionThatEnds();
    await renderApp('/categories');
    await screen.findByRole('heading', { name: 'Remote page admin/CategoriesPage' });
    server.end();
    const call = api.listMyCourses({ query: { status: 'in-progress' } });
    await endedDialog();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to the login page' })));
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');

    server.restore();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sign in as Anna' })));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/categories'));
  });

  it('when the idle timeout nears, then a warning offers to stay signed in, which touches the session', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const server = sessionThatEnds();
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(118 * 60_000));
    const warning = await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' })));
    await waitFor(() => expect(warning).not.toBeInTheDocument());
    expect(server.calls('GET /api/auth/check-login-status')).toHaveLength(2);

    // Unanswered, the warning ends in the session's end when the server has let it go.
    await act(async () => jest.advanceTimersByTime(118 * 60_000));
    await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    server.end();
    await act(async () => jest.advanceTimersByTime(2 * 60_000));
    await endedDialog();
  });
});
