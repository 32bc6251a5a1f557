import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card.tsx';
import styles from '@portal/web-kit/styles/form.module.css';
import { pages } from '@portal/contracts/pages';
import { usePortalSetting } from '../../lib/use-portal-setting.ts';
import { RegisterForm } from '../../features/register/components/register-form.tsx';
import { useAccountTranslation } from '../../lib/account-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/**
 * Exposed as ./RegisterPage. REGISTRATION=open: once registered (and so signed in), the user goes on to the
 * dashboard; domains: the page then asks to follow the e-mail's link; invite and off: no form, only the way in.
 */
export default function RegisterPage({ session }: PageProps) {
  const { t } = useAccountTranslation();
  // Unreadable, `open`: the form is shown and the server refuses a closed registration with its own answer.
  const mode = usePortalSetting('registration', 'open');
  const [mailed, setMailed] = useState(false);
  if (session.user) return <Navigate to={pages.dashboard.getHref()} replace />;
  const closed = mode === 'invite' || mode === 'off';
  return (
    <AuthCard
      id="register-title"
      title={t('register.title')}
      subtitle={closed || mailed ? undefined : t('register.subtitle')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to={pages.login.getHref()}>{t('register.toLogin')}</Link>
        </p>
      }
    >
      {closed && (
        <p className={styles.notice} role="status">
          {t(mode === 'invite' ? 'register.inviteOnly' : 'register.closed')}
        </p>
      )}
      {mailed && (
        <p className={styles.notice} role="status">
          {t('register.checkEmail')}
        </p>
      )}
      {!closed && !mailed && <RegisterForm session={session} onMailed={() => setMailed(true)} />}
    </AuthCard>
  );
}
