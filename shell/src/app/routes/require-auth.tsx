import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** The guard of the protected routes: it waits for the one login-status check of the page load. */
export function RequireAuth() {
  const { status } = useSession();
  if (status === 'checking') return <PageLoader />;
  if (status === 'anonymous') return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
}
