import { type Page, type PageName, pages } from '@portal/contracts/pages';
import { lazy, type ReactElement, Suspense } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { Route, Routes } from 'react-router-dom';
import { RemotePage } from '../features/remotes/components/remote-page.tsx';
import { PageFrame } from './layouts/page-frame.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { RequireAuth } from './routes/require-auth.tsx';
import { LogoutRoute } from './signed-in.tsx';

/** A path the portal does not know: rare enough that no other page carries it either. */
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

/** The pages the shell draws itself (the login wraps the auth slice's page); a remote draws every other one. */
const SHELL_ROUTES: Partial<Record<PageName, ReactElement>> = {
  home: <LandingRoute />,
  login: <LoginRoute />,
  logout: (
    <Suspense fallback={<PageLoader />}>
      <LogoutRoute />
    </Suspense>
  ),
};

const entries = Object.entries(pages) as [PageName, Page][];

function routesFor(audience: (page: Page) => boolean) {
  return entries
    .filter(([, page]) => audience(page))
    .map(([name, page]) => {
      const element =
        SHELL_ROUTES[name] ??
        (page.remote && page.exposed && <RemotePage remote={page.remote} exposed={page.exposed} />);
      if (!element) throw new Error(`The page ${name} has neither a remote nor a shell route`);
      return <Route key={name} path={page.path} element={element} />;
    });
}

/** The portal's routes, from the page registry: the shell owns routing; the remotes supply route-level pages. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PageFrame />}>
        {routesFor((page) => page.audience !== 'signed-in')}
        <Route element={<RequireAuth />}>{routesFor((page) => page.audience === 'signed-in')}</Route>
        <Route
          path="*"
          element={
            <Suspense fallback={<PageLoader />}>
              <NotFoundRoute />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}
