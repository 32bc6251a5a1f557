import type { User } from '@portal/contracts/auth';
import { type PortalSession, pages } from '@portal/contracts/pages';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

interface Props {
  session: Pick<PortalSession, 'status' | 'user'>;
  /** Shown while the session is checked. */
  checking: string;
  /** For an administrators' page: what anyone else is told instead. */
  forbidden?: string;
  children: (user: User) => ReactNode;
}

/** A page for the signed-in: a status while the session is checked, the sign-in page for a visitor, else the page. */
export function SignedIn({ session, checking, forbidden, children }: Props) {
  if (session.status === 'checking') return <p role="status">{checking}</p>;
  if (!session.user) return <Navigate to={pages.login.getHref()} replace />;
  if (forbidden !== undefined && !session.user.isSysAdmin) return <p role="alert">{forbidden}</p>;
  return children(session.user);
}
