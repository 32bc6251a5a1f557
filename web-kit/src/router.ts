/**
 * The portal's router, as every app gets it: the shared module `react-router-dom` is this file, not the whole
 * package. A shared module is built with all of its exports (no app knows what the others use), so sharing the
 * package itself sent all of React Router (its server rendering, data loading and form APIs included) to every
 * page. This list is what the apps use; the TypeScript path `react-router-dom` points here, so using anything
 * else fails the typecheck until it is added. The router is the plain `<BrowserRouter>`, not the data router
 * (`createBrowserRouter`), which alone weighed more than the rest: the navigation guard (navigation-guard.tsx),
 * shared with the router so that its state is one for all apps, holds the user back from leaving unsaved work,
 * and its `useNavigate` is React Router's, guarded.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useMatch,
  useParams,
  useSearchParams,
} from 'react-router';
export { holdNavigation, NavigationGuard, useHeldNavigation, useNavigate } from './navigation-guard.tsx';
