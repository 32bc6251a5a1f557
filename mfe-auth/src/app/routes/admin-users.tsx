import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { UsersTable } from '../../features/admin-users/components/users-table.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./AdminUsersPage: system administrators list, find and change users (the server enforces it). */
export default function AdminUsersPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.status === 'checking') return <p role="status">{t('login.checking')}</p>;
  if (!session.user) return <Navigate to={pages.login.getHref()} replace />;
  if (!session.user.isSysAdmin) return <p role="alert">{t('adminUsers.forbidden')}</p>;
  return <UsersTable currentUserId={session.user.id} />;
}
