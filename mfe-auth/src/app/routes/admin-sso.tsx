import { useSearchParams } from 'react-router-dom';
import type { PageProps } from '@portal/contracts/pages';
import { SSO_TEST_DONE_QUERY } from '@portal/contracts/sso-settings';
import { NarrowPage } from '../../components/panel.tsx';
import { SsoSettingsForm } from '../../features/sso/components/sso-settings-form.tsx';
import { SsoTestDone } from '../../features/sso/components/sso-test-done.tsx';
import { useAdminTranslation } from '../../lib/admin-i18n.ts';
import { SignedIn } from '../../components/signed-in.tsx';
import { withAdminQueries } from '../admin-queries.tsx';

/** Exposed as ./AdminSsoPage: single sign-on for system administrators; the server refuses anyone else. */
function AdminSsoPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useAdminTranslation();
  const [search] = useSearchParams();
  return (
    <SignedIn session={session}>
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

export default withAdminQueries(AdminSsoPage);
