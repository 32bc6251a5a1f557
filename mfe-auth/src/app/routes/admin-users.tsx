import { UsersTable } from '../../features/admin-users/components/users-table.tsx';
import { useAdminTranslation } from '../../lib/admin-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '../../components/signed-in.tsx';
import { withAdminQueries } from '../admin-queries.tsx';

/** System administrators list, find and change users (the server enforces it). */
function AdminUsersPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useAdminTranslation();
  return (
    <SignedIn session={session} forbidden={t('adminUsers.forbidden')}>
      {(user) => <UsersTable currentUserId={user.id} />}
    </SignedIn>
  );
}

/** Exposed as ./AdminUsersPage, inside the administration pages' query cache. */
export default withAdminQueries(AdminUsersPage);
