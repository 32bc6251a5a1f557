import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { pages } from '@portal/contracts/pages';
import { RegisterForm } from '../../features/register/components/register-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./RegisterPage. Once registered (and so signed in), the user goes on to the dashboard. */
export default function RegisterPage({ session }: PageProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.user) return <Navigate to={pages.dashboard.getHref()} replace />;
  return (
    <AuthCard
      id="register-title"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to={pages.login.getHref()}>{t('register.toLogin')}</Link>
        </p>
      }
    >
      <RegisterForm session={session} />
    </AuthCard>
  );
}
