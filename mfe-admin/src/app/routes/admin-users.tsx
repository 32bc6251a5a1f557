import { UsersTable } from '../../features/users/components/users-table.tsx';
import { useDirectoryTranslation } from '../../lib/directory-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '@portal/web-kit/signed-in';
import { withQueries } from '../../lib/queries.ts';

/** System administrators list, find and change users (the server enforces it). */
function AdminUsersPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useDirectoryTranslation();
  return (
    <SignedIn session={session} checking={t('checking')} forbidden={t('adminUsers.forbidden')}>
      {(user) => <UsersTable currentUserId={user.id} />}
    </SignedIn>
  );
}

/** Exposed as ./AdminUsersPage, inside the administration pages' query cache. */
export default withQueries(AdminUsersPage);
