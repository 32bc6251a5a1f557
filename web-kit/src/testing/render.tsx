import type { User } from '@portal/contracts/auth';
import { render } from '@testing-library/react';
import { createRef, type ReactElement, type RefObject, useEffect } from 'react';
import { MemoryRouter, NavigationGuard, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
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

type Navigate = ReturnType<typeof useNavigate>;

/** Hands the test the app's (guarded) `navigate`: navigation from code, and the Back button as `navigate(-1)`. */
function Navigator({ navigateRef }: { navigateRef: RefObject<Navigate | null> }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigateRef, navigate]);
  return null;
}

/**
 * Renders one page of a slice at the last of `urls` (the ones before it are the history behind it), with the
 * toast container and the navigation guard, as in the shell; any other route shows where we went, `location`
 * tells the current URL, and `navigate` navigates as the app's code does (`navigate(-1)` is the Back button).
 */
export function renderPage(page: ReactElement, { path, urls }: { path: string; urls: string[] }) {
  const withLocation = (element: ReactElement) => (
    <>
      {element}
      <Location />
    </>
  );
  const navigate = createRef<Navigate>();
  const result = render(
    <>
      <MemoryRouter initialEntries={urls} initialIndex={urls.length - 1}>
        <NavigationGuard />
        <Navigator navigateRef={navigate} />
        <Routes>
          <Route path={path} element={withLocation(page)} />
          <Route path="*" element={withLocation(<Elsewhere />)} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </>,
  );
  return {
    ...result,
    get navigate(): Navigate {
      if (!navigate.current) throw new Error('The router has not rendered');
      return navigate.current;
    },
  };
}
