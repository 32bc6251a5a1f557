import { useTranslation } from 'react-i18next';

import { GroupsAdmin } from '../../features/groups/components/groups-admin.tsx';
import { GROUPS_NAMESPACE } from '../../features/groups/i18n.ts';
import { DIRECTORY_NAMESPACE } from '../../lib/directory-i18n.ts';

import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '@portal/web-kit/signed-in';
import { withQueries } from '../../lib/queries.ts';

/** System administrators keep the groups and their members (the server enforces it). */
function AdminGroupsPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation([GROUPS_NAMESPACE, DIRECTORY_NAMESPACE]);
  return (
    <SignedIn
      session={session}
      checking={t('checking', { ns: DIRECTORY_NAMESPACE })}
      forbidden={t('adminGroups.forbidden')}
    >
      {() => <GroupsAdmin />}
    </SignedIn>
  );
}

/** Exposed as ./AdminGroupsPage, inside the administration pages' query cache. */
export default withQueries(AdminGroupsPage);
