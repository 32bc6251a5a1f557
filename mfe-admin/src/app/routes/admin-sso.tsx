import { useSearchParams } from 'react-router-dom';
import type { PageProps } from '@portal/contracts/pages';
import { SSO_TEST_DONE_QUERY } from '@portal/contracts/sso-settings';
import { NarrowPage } from '@portal/web-kit/panel';
import { SsoSettingsForm } from '../../features/sso/components/sso-settings-form.tsx';
import { SsoTestDone } from '../../features/sso/components/sso-test-done.tsx';
import { useDirectoryTranslation } from '../../lib/directory-i18n.ts';
import { SignedIn } from '@portal/web-kit/signed-in';
import { withQueries } from '../../lib/queries.ts';

/** Exposed as ./AdminSsoPage: single sign-on for system administrators; the server refuses anyone else. */
function AdminSsoPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useDirectoryTranslation();
  const [search] = useSearchParams();
  return (
    <SignedIn session={session} checking={t('checking')}>
      {(user) => (
        <NarrowPage title={t('sso.title')}>
          {!user.isSysAdmin ? (
            <p role="alert">{t('sso.administratorsOnly')}</p>
          ) : search.get('test') === SSO_TEST_DONE_QUERY.test ? (
            <SsoTestDone />
          ) : (
            <SsoSettingsForm />
          )}
        </NarrowPage>
      )}
    </SignedIn>
  );
}

export default withQueries(AdminSsoPage);
