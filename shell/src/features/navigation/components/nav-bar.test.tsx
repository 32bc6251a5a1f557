import { stubRemotePages } from '../../../testing/remote-runtime.tsx';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, fakeApi } from '../../../../../jest/fake-api.ts';

const { renderApp } = await import('../../../testing/app.tsx');

async function openDashboardAs(user = anna, routes = {}) {
  const api = fakeApi({ 'GET /api/auth/check-login-status': { status: 200, body: user }, ...routes });
  await renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Remote page courses/DashboardPage' });
  return api;
}

const menuButton = () => screen.getByRole('button', { name: 'Anna Caflisch – User menu' });
const logoutButton = () => screen.queryByRole('button', { name: 'Log out' });

describe('navigation bar', () => {
  beforeEach(stubRemotePages);

  it('when the user is no system administrator, then there is no Create course, Categories or Administration link', async () => {
    await openDashboardAs(anna);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Create course' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Categories' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('when the user is a system administrator, then Create course leads to /create-course and Categories to /categories', async () => {
    await openDashboardAs(admin);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Create course' })).toHaveAttribute('href', '/create-course');
    expect(within(nav).getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/categories');
    expect(within(nav).getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('when the logo is shown, then it links to the dashboard', async () => {
    await openDashboardAs(anna);
    expect(screen.getByRole('link', { name: 'Course Portal – overview' })).toHaveAttribute('href', '/dashboard');
  });

  it('when the pointer rests on the user name, then the menu opens, and it closes when the pointer leaves', async () => {
    await openDashboardAs(anna);
    const user = userEvent.setup();
    expect(logoutButton()).not.toBeInTheDocument();

    await user.hover(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(logoutButton()).toBeVisible();
    await user.unhover(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(logoutButton()).not.toBeInTheDocument();
  });

  it('when the menu is opened with the keyboard, then its buttons can be reached and Escape closes it', async () => {
    await openDashboardAs(anna);
    const user = userEvent.setup();
    act(() => menuButton().focus());
    await user.keyboard('{ArrowDown}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'EN – English' })).toHaveFocus());

    await user.tab();
    expect(screen.getByRole('button', { name: 'FR – Français' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('when the menu is open and the user clicks elsewhere, then it closes', async () => {
    await openDashboardAs(anna);
    const user = userEvent.setup();
    await user.click(menuButton());
    expect(logoutButton()).toBeVisible();
    await user.click(screen.getByRole('main'));
    expect(logoutButton()).not.toBeInTheDocument();
  });

  it('when a signed-in user chooses DE in the menu, then the server is told, the page switches to German and the menu closes', async () => {
    const api = await openDashboardAs(anna, {
      'POST /api/user/set-language': { status: 200, body: { ...anna, language: 'de' } },
    });
    const user = userEvent.setup();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'DE – Deutsch' }));
    const germanMenuButton = await screen.findByRole('button', { name: 'Anna Caflisch – Benutzermenü' });
    expect(germanMenuButton).toHaveAttribute('aria-expanded', 'false');
    expect(germanMenuButton).toHaveFocus();

    expect(await screen.findByRole('link', { name: 'Übersicht' })).toBeInTheDocument();
    expect(api.calls('POST /api/user/set-language')[0]?.search.get('requestedLanguage')).toBe('DE');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(localStorage.getItem('i18nextLng')).toBe('de');
    expect(screen.getByRole('link', { name: 'Übersicht' })).toBeInTheDocument();
  });

  it('when the server refuses the language, then the error is logged and the page still switches', async () => {
    await openDashboardAs(anna, { 'POST /api/user/set-language': { status: 400, body: {} } });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      const user = userEvent.setup();
      await user.click(menuButton());
      await user.click(screen.getByRole('button', { name: 'IT – Italiano' }));
      expect(await screen.findByRole('link', { name: 'Panoramica' })).toBeInTheDocument();
      expect(errors).toContain('Invalid language selection');
    } finally {
      console.error = original;
    }
  });

  it('when the Menu button is pressed, then it shows the links, and choosing one closes it', async () => {
    await openDashboardAs(admin);
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await act(async () => {
      await user.click(screen.getByRole('link', { name: 'Categories' }));
    });
    expect(await screen.findByRole('heading', { name: 'Remote page admin/CategoriesPage' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the Menu button opened the menu and Escape is pressed on it, then the menu closes', async () => {
    await openDashboardAs(admin);
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('when /logout is opened without the user menu, then nobody is signed out and the start page follows', async () => {
    const api = fakeApi({ 'GET /api/auth/check-login-status': { status: 200, body: anna } });
    await renderApp('/logout');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('when the user logs out, then the server is told, the toast confirms it and the login page follows', async () => {
    const api = await openDashboardAs(anna, {
      'POST /api/auth/logout': { status: 200, body: { message: 'Logged out' } },
    });
    const user = userEvent.setup();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    // The login page is a remote page: the location changes once it has loaded.
    expect(await screen.findByRole('heading', { name: 'Remote page auth/LoginPage' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
