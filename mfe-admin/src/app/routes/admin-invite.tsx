import { isLanguage } from '@portal/contracts/languages';
import { AdminPage } from '../../features/onboarding/components/admin-page.tsx';
import { InviteForm } from '../../features/onboarding/components/invite-form.tsx';
import { useDirectoryTranslation } from '../../lib/directory-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { withQueries } from '../../lib/queries.ts';

/** System administrators invite someone by e-mail. */
function InviteUserPage({ session }: PageProps<'status' | 'user'>) {
  const { t, i18n } = useDirectoryTranslation();
  return (
    <AdminPage id="invite-title" title={t('invite.title')} session={session}>
      <p>{t('invite.subtitle')}</p>
      <InviteForm defaultLanguage={isLanguage(i18n.language) ? i18n.language : 'en'} />
    </AdminPage>
  );
}

/** Exposed as ./InviteUserPage at /admin/users/invite, inside the administration pages' query cache. */
export default withQueries(InviteUserPage);
