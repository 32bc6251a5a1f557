import { isLanguage } from '@portal/contracts/languages';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../features/onboarding/components/admin-page.tsx';
import { InviteForm } from '../../features/onboarding/components/invite-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./InviteUserPage at /admin/users/invite: system administrators invite someone by e-mail. */
export default function InviteUserPage({ session }: PageProps) {
  const { t, i18n } = useTranslation(AUTH_NAMESPACE);
  return (
    <AdminPage id="invite-title" title={t('invite.title')} session={session}>
      <p>{t('invite.subtitle')}</p>
      <InviteForm defaultLanguage={isLanguage(i18n.language) ? i18n.language : 'en'} />
    </AdminPage>
  );
}
