import { useTranslation } from 'react-i18next';

import { UsersTable } from '../../features/admin-users/components/users-table.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '../../components/signed-in.tsx';

/** Exposed as ./AdminUsersPage: system administrators list, find and change users (the server enforces it). */
export default function AdminUsersPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return (
    <SignedIn session={session} forbidden={t('adminUsers.forbidden')}>
      {(user) => <UsersTable currentUserId={user.id} />}
    </SignedIn>
  );
}
