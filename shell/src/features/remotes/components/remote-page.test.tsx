import { loadRemote, stubRemotePages } from '../../../testing/remote-runtime.tsx';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anna, apiError, fakeApi } from '../../../../../jest/fake-api.ts';

const { renderApp } = await import('../../../testing/app.tsx');

/** The auth slice's real login page, as the portal loads it (the module it exposes): with its own 'auth' namespace. */
const realLoginPage = await import('@portal/mfe-auth/LoginPage');
/** The courses slice's real dashboard, with its 'courses' namespace. */
const realDashboardPage = await import('@portal/mfe-courses/DashboardPage');

/** The real login page for the auth remote; every other remote page stays the stub heading. */
function realLoginOnly() {
  const stub = loadRemote.getMockImplementation();
  loadRemote.mockImplementation(async (id) => (id.startsWith('auth/') ? realLoginPage : (stub?.(id) ?? null)));
}

/** A click that may make a remote page load: React wants the suspension awaited inside act(). */
const clickAndLoad = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });

describe('remote pages', () => {
  beforeEach(() => {
    stubRemotePages();
    fakeApi({
      'GET /api/auth/check-login-status': apiError(401, 'unauthorized'),
      'POST /api/auth/login': { status: 200, body: anna },
    });
  });

  it('when the login route is opened, then the auth remote is asked for its LoginPage', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Remote page auth/LoginPage' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('auth/LoginPage');
    expect(loadRemote.mock.calls.every(([id]) => id.startsWith('auth/'))).toBe(true);
  });

  it('when the language is switched, then the text of the remote page changes with the shell at once', async () => {
    loadRemote.mockResolvedValue(realLoginPage);
    await renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'RM – Rumantsch' }));
    expect(await screen.findByRole('heading', { name: 'S’annunziar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Adressa dad e-mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Decleraziun da protecziun da datas' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'rm');
  });

  it('when a user logs in on the remote login page, then the shell shows the dashboard with the nav bar', async () => {
    realLoginOnly();
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Remote page courses/DashboardPage' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.getByRole('button', { name: 'Anna Caflisch – User menu' })).toBeInTheDocument();
    expect(await screen.findByText('Login successful. Welcome back, Anna Caflisch!')).toBeInTheDocument();
  });

  it('when the language is switched in the user menu, then the courses dashboard changes with the shell at once', async () => {
    loadRemote.mockResolvedValue(realDashboardPage);
    fakeApi({
      'GET /api/auth/check-login-status': { status: 200, body: anna },
      'POST /api/user/set-language': { status: 200, body: { ...anna, language: 'rm' } },
      'GET /api/courses': { status: 200, body: [] },
      'GET /api/categories': { status: 200, body: [] },
    });
    await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Anna Caflisch!' })).toBeInTheDocument();
    expect(await screen.findByText('There are no courses yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Anna Caflisch – User menu' }));
    await user.click(screen.getByRole('button', { name: 'RM – Rumantsch' }));
    expect(await screen.findByRole('heading', { name: 'Bainvegni, Anna Caflisch!' })).toBeInTheDocument();
    expect(screen.getByText('I na dat anc nagins curs.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Survista' })).toBeInTheDocument();
  });

  it('when the remote cannot be loaded, then the fallback plugin shows the fallback with Retry in the frame, and Retry loads it again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockRejectedValueOnce(new Error('remote entry unreachable'));
    await renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'This page cannot be loaded right now' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Remote module auth/RegisterPage could not be loaded', expect.any(Error));
    logged.mockRestore();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await clickAndLoad(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Remote page auth/RegisterPage' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('when the remote page fails while rendering, then the error boundary shows the fallback in the frame', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockResolvedValueOnce({
      default: () => {
        throw new Error('broken remote');
      },
    });
    await renderApp('/request-reset');
    expect(await screen.findByRole('heading', { name: 'This page cannot be loaded right now' })).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'Remote page auth/./RequestResetPage failed',
        expect.any(Error),
        expect.any(String),
      ),
    );
    logged.mockRestore();
  });
});
