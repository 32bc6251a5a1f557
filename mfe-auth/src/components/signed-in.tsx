import type { User } from '@portal/contracts/auth';
import { type PortalSession, pages } from '@portal/contracts/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';

interface Props {
  session: Pick<PortalSession, 'status' | 'user'>;
  /** For an administrators' page: what anyone else is told instead. */
  forbidden?: string;
  children: (user: User) => ReactNode;
}

/** A page for the signed-in: a status while the session is checked, the sign-in page for a visitor, else the page. */
export function SignedIn({ session, forbidden, children }: Props) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.status === 'checking') return <p role="status">{t('login.checking')}</p>;
  if (!session.user) return <Navigate to={pages.login.getHref()} replace />;
  if (forbidden !== undefined && !session.user.isSysAdmin) return <p role="alert">{forbidden}</p>;
  return children(session.user);
}
