import { isLanguage } from '@portal/contracts/languages';
import { AdminPage } from '../../features/onboarding/components/admin-page.tsx';
import { InviteForm } from '../../features/onboarding/components/invite-form.tsx';
import { useAdminTranslation } from '../../lib/admin-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./InviteUserPage at /admin/users/invite: system administrators invite someone by e-mail. */
export default function InviteUserPage({ session }: PageProps) {
  const { t, i18n } = useAdminTranslation();
  return (
    <AdminPage id="invite-title" title={t('invite.title')} session={session}>
      <p>{t('invite.subtitle')}</p>
      <InviteForm defaultLanguage={isLanguage(i18n.language) ? i18n.language : 'en'} />
    </AdminPage>
  );
}
