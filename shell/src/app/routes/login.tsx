import { Navigate, useSearchParams } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { RemotePage } from '../../features/remotes/components/remote-page.tsx';
import { RETURN_PARAM, safeReturnPath } from '../../features/session/lib/return-path.ts';
import { useSession } from '../../lib/session.tsx';

/** The auth slice's login page; once signed in, the user goes on to the page they asked for, else the dashboard. */
export function LoginRoute() {
  const { user } = useSession();
  const [search] = useSearchParams();
  if (user) return <Navigate to={safeReturnPath(search.get(RETURN_PARAM)) ?? pages.dashboard.getHref()} replace />;
  return <RemotePage remote={pages.login.remote} exposed={pages.login.exposed} />;
}
