import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { GroupsAdmin } from '../../features/admin-groups/components/groups-admin.tsx';
import { GROUPS_NAMESPACE } from '../../features/admin-groups/i18n.ts';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./AdminGroupsPage: system administrators keep the groups and their members (the server enforces it). */
export default function AdminGroupsPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation([GROUPS_NAMESPACE, AUTH_NAMESPACE]);
  if (session.status === 'checking') return <p role="status">{t('auth:login.checking')}</p>;
  if (!session.user) return <Navigate to={pages.login.getHref()} replace />;
  if (!session.user.isSysAdmin) return <p role="alert">{t('adminGroups.forbidden')}</p>;
  return <GroupsAdmin />;
}
