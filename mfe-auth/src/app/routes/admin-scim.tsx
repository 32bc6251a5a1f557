import type { PageProps } from '@portal/contracts/pages';
import { NarrowPage } from '../../components/panel.tsx';
import { ScimAdministrators } from '../../features/scim/components/scim-administrators.tsx';
import { ScimTokens } from '../../features/scim/components/scim-tokens.tsx';
import { useAdminTranslation } from '../../lib/admin-i18n.ts';
import { SignedIn } from '../../components/signed-in.tsx';
import { withAdminQueries } from '../admin-queries.tsx';

/** Exposed as ./AdminScimPage: directory sync (SCIM) for system administrators; the server refuses anyone else. */
function AdminScimPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useAdminTranslation();
  return (
    <SignedIn session={session}>
      {(user) => (
        <NarrowPage title={t('scim.title')}>
          {user.isSysAdmin ? (
            <>
              <ScimTokens />
              <ScimAdministrators />
            </>
          ) : (
            <p role="alert">{t('scim.administratorsOnly')}</p>
          )}
        </NarrowPage>
      )}
    </SignedIn>
  );
}

export default withAdminQueries(AdminScimPage);
