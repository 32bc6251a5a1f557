import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageLoader } from '../../components/page-loader.tsx';
import { pages } from '@portal/contracts/pages';
import { isLogoutRequest } from '../../lib/logout.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Log out is a navigation first and a sign-out after it: a page with unsaved work holds the navigation back
 * (its leave guard asks), and the session ends only once the user has agreed to leave.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const requested = isLogoutRequest(state);
  const started = useRef(false);

  useEffect(() => {
    if (!requested || started.current) return;
    started.current = true;
    void signOut().then(() => {
      toast.info(t('nav.loggedOut'));
      void navigate(pages.login.getHref(), { replace: true });
    });
  }, [requested, signOut, navigate, t]);

  if (!requested) return <Navigate to={pages.home.getHref()} replace />;
  return <PageLoader />;
}
