import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader.tsx';
import { pages } from '@portal/contracts/pages';
import { loginHrefReturningTo } from '../../features/session/lib/return-path.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * The guard of the protected routes: it waits for the one login-status check of the page load, and sends a visitor
 * to the login page, which returns to the page asked for after sign-in (a link in an e-mail).
 */
export function RequireAuth() {
  const { status } = useSession();
  const { pathname, search, hash } = useLocation();
  if (status === 'checking') return <PageLoader />;
  if (status === 'anonymous') {
    return <Navigate to={loginHrefReturningTo(pages.login.getHref(), `${pathname}${search}${hash}`)} replace />;
  }
  return <Outlet />;
}
