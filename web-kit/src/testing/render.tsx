import type { User } from '@portal/contracts/auth';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

/** A session as the shell passes it to a page of the courses and editor slices: who is signed in. */
export function fakeSession(user: User | null) {
  return { status: user ? ('authenticated' as const) : ('anonymous' as const), user };
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/**
 * Renders one page of a slice at the last of `urls` (the ones before it are the history behind it), with
 * the toast container; any other route shows where we went, and `location` tells the current URL.
 */
export function renderPage(page: ReactElement, { path, urls }: { path: string; urls: string[] }) {
  const withLocation = (element: ReactElement) => (
    <>
      {element}
      <Location />
    </>
  );
  // A data router, as the shell's: the page's leave guard (useBlocker) needs one.
  const router = createMemoryRouter(
    [
      { path, element: withLocation(page) },
      { path: '*', element: withLocation(<Elsewhere />) },
    ],
    { initialEntries: urls, initialIndex: urls.length - 1 },
  );
  return {
    router,
    ...render(
      <>
        <RouterProvider router={router} />
        <ToastContainer />
      </>,
    ),
  };
}
