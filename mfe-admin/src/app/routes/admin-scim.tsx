import type { PageProps } from '@portal/contracts/pages';
import { NarrowPage } from '@portal/web-kit/panel';
import { ScimAdministrators } from '../../features/scim/components/scim-administrators.tsx';
import { ScimTokens } from '../../features/scim/components/scim-tokens.tsx';
import { useDirectoryTranslation } from '../../lib/directory-i18n.ts';
import { SignedIn } from '@portal/web-kit/signed-in';
import { withQueries } from '../../lib/queries.ts';

/** Exposed as ./AdminScimPage: directory sync (SCIM) for system administrators; the server refuses anyone else. */
function AdminScimPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useDirectoryTranslation();
  return (
    <SignedIn session={session} checking={t('checking')}>
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

export default withQueries(AdminScimPage);
