import { useTranslation } from 'react-i18next';

import { GroupsAdmin } from '../../features/admin-groups/components/groups-admin.tsx';
import { GROUPS_NAMESPACE } from '../../features/admin-groups/i18n.ts';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '../../components/signed-in.tsx';
import { withAdminQueries } from '../admin-queries.tsx';

/** System administrators keep the groups and their members (the server enforces it). */
function AdminGroupsPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation([GROUPS_NAMESPACE, AUTH_NAMESPACE]);
  return (
    <SignedIn session={session} forbidden={t('adminGroups.forbidden')}>
      {() => <GroupsAdmin />}
    </SignedIn>
  );
}

/** Exposed as ./AdminGroupsPage, inside the administration pages' query cache. */
export default withAdminQueries(AdminGroupsPage);
