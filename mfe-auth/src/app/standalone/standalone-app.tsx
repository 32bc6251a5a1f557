import type { User } from '@portal/contracts/auth';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { LanguageSwitcher } from '@portal/web-kit/language-switcher';
import { pages } from '@portal/contracts/pages';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import AccountPage from '../routes/account.tsx';
import LoginPage from '../routes/login.tsx';
import RegisterPage from '../routes/register.tsx';
import RequestResetPage from '../routes/request-reset.tsx';
import ResetPasswordPage from '../routes/reset-password.tsx';
import VerifyEmailPage from '../routes/verify-email.tsx';
import styles from './standalone-app.module.css';
import { useStandaloneSession } from './standalone-session.ts';

/**
 * The slice on its own (`npm run dev -w mfe-auth`): its pages under the same routes as in the portal, with the
 * language buttons at the top where the portal's header has them.
 */
export function StandaloneApp({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const session = useStandaloneSession(loginStatus);
  return (
    <BrowserRouter>
      <header className={styles.header}>
        <LanguageSwitcher label={t('language.label')} onChange={(language) => void session.changeLanguage(language)} />
      </header>
      <main className={styles.main}>
        <Routes>
          <Route path={pages.login.path} element={<LoginPage session={session} />} />
          <Route path={pages.register.path} element={<RegisterPage session={session} />} />
          <Route path={pages.requestReset.path} element={<RequestResetPage />} />
          <Route path={pages.resetPassword.path} element={<ResetPasswordPage />} />
          <Route path={pages.account.path} element={<AccountPage session={session} />} />
          <Route path={pages.verifyEmail.path} element={<VerifyEmailPage />} />
          <Route
            path={pages.dashboard.path}
            element={<p role="status">{t('standalone.signedIn', { name: session.user?.name ?? '' })}</p>}
          />
          <Route path="*" element={<Navigate to={pages.login.getHref()} replace />} />
        </Routes>
      </main>
      <ToastContainer position="top-right" autoClose={5000} />
    </BrowserRouter>
  );
}
