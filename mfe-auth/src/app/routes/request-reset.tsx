import { Link } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { pages } from '@portal/contracts/pages';
import { RequestResetForm } from '../../features/password-reset/components/request-reset-form.tsx';
import { useAccountTranslation } from '../../lib/account-i18n.ts';

/** Exposed as ./RequestResetPage. */
export default function RequestResetPage() {
  const { t } = useAccountTranslation();
  return (
    <AuthCard
      id="request-reset-title"
      title={t('requestReset.title')}
      subtitle={t('requestReset.subtitle')}
      footer={<Link to={pages.login.getHref()}>{t('requestReset.backToLogin')}</Link>}
    >
      <RequestResetForm />
    </AuthCard>
  );
}
