import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { paths } from '../../config/paths.ts';
import { ResetPasswordForm } from '../../features/password-reset/components/reset-password-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';

/** Exposed as ./ResetPasswordPage: the target of the e-mail link /reset-password?token=…; without a token, /login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <AuthCard
      id="reset-password-title"
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={<Link to={paths.login.getHref()}>{t('requestReset.backToLogin')}</Link>}
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
