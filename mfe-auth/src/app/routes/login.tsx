import { LanguageSwitcher } from '@portal/web-kit/language-switcher';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/login/components/login-form.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { AuthPageProps } from '../../lib/session.ts';

/** Exposed as ./LoginPage. Signed-in users (known from the login-status check) go on to the dashboard. */
export default function LoginPage({ session }: AuthPageProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.status === 'checking') return <p role="status">{t('login.checking')}</p>;
  if (session.user) return <Navigate to={paths.dashboard.getHref()} replace />;
  return (
    <AuthCard
      id="login-title"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      toolbar={
        <LanguageSwitcher label={t('language.label')} onChange={(language) => void session.changeLanguage(language)} />
      }
      footer={
        <p>
          {t('login.noAccount')} <Link to={paths.register.getHref()}>{t('login.registerHere')}</Link>
        </p>
      }
    >
      <LoginForm session={session} />
    </AuthCard>
  );
}
