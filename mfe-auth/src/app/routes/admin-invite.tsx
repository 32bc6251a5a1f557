import { isLanguage } from '@portal/contracts/languages';
import { AdminPage } from '../../features/onboarding/components/admin-page.tsx';
import { InviteForm } from '../../features/onboarding/components/invite-form.tsx';
import { useAdminTranslation } from '../../lib/admin-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { withAdminQueries } from '../admin-queries.tsx';

/** System administrators invite someone by e-mail. */
function InviteUserPage({ session }: PageProps) {
  const { t, i18n } = useAdminTranslation();
  return (
    <AdminPage id="invite-title" title={t('invite.title')} session={session}>
      <p>{t('invite.subtitle')}</p>
      <InviteForm defaultLanguage={isLanguage(i18n.language) ? i18n.language : 'en'} />
    </AdminPage>
  );
}

/** Exposed as ./InviteUserPage at /admin/users/invite, inside the administration pages' query cache. */
export default withAdminQueries(InviteUserPage);
