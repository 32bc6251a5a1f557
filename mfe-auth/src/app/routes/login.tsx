import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import { pages } from '@portal/contracts/pages';
import styles from '@portal/web-kit/styles/form.module.css';
import { useSsoOffer } from '../../features/login/api/get-sso-offer.ts';
import { LoginForm } from '../../features/login/components/login-form.tsx';
import { SsoSignIn } from '../../features/login/components/sso-sign-in.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/**
 * Exposed as ./LoginPage. Signed-in users (known from the login-status check) go on to the dashboard. The
 * language buttons are the header's, in the same place as on the other pages for visitors. With a company
 * provider, its button comes first; the password form is folded away only when it is the break-glass
 * administrator's alone (passwords off for the provider's addresses, and no addresses outside its domains).
 */
export default function LoginPage({ session }: PageProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const sso = useSsoOffer();
  if (session.status === 'checking') return <p role="status">{t('login.checking')}</p>;
  if (session.user) return <Navigate to={pages.dashboard.getHref()} replace />;
  const passwordForm = <LoginForm session={session} />;
  const breakGlassOnly = sso !== null && !sso.passwordSignIn && !sso.passwordOutsideDomains;
  return (
    <AuthCard
      id="login-title"
      title={t('login.title')}
      subtitle={breakGlassOnly ? t('login.sso.subtitle') : t('login.subtitle')}
      footer={
        <p>
          {t('login.noAccount')} <Link to={pages.register.getHref()}>{t('login.registerHere')}</Link>
        </p>
      }
    >
      {sso && <SsoSignIn offer={sso} />}
      {breakGlassOnly ? (
        <details className={styles.disclosure}>
          <summary>{t('login.sso.administratorSignIn')}</summary>
          {passwordForm}
        </details>
      ) : (
        passwordForm
      )}
    </AuthCard>
  );
}
