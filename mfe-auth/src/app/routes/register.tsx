import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { paths } from '../../config/paths.ts';
import { RegisterForm } from '../../features/register/components/register-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { AuthPageProps } from '../../lib/session.ts';

/** Exposed as ./RegisterPage. Once registered (and so signed in), the user goes on to the dashboard. */
export default function RegisterPage({ session }: AuthPageProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.user) return <Navigate to={paths.dashboard.getHref()} replace />;
  return (
    <AuthCard
      id="register-title"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to={paths.login.getHref()}>{t('register.toLogin')}</Link>
        </p>
      }
    >
      <RegisterForm session={session} />
    </AuthCard>
  );
}
