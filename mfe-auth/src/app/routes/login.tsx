import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { pages } from '@portal/contracts/pages';
import { LoginForm } from '../../features/login/components/login-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/**
 * Exposed as ./LoginPage. Signed-in users (known from the login-status check) go on to the dashboard. The
 * language buttons are the header's, in the same place as on the other pages for visitors.
 */
export default function LoginPage({ session }: PageProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.status === 'checking') return <p role="status">{t('login.checking')}</p>;
  if (session.user) return <Navigate to={pages.dashboard.getHref()} replace />;
  return (
    <AuthCard
      id="login-title"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <p>
          {t('login.noAccount')} <Link to={pages.register.getHref()}>{t('login.registerHere')}</Link>
        </p>
      }
    >
      <LoginForm session={session} />
    </AuthCard>
  );
}
