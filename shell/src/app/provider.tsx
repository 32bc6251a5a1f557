import type { PortalConfig } from '@portal/contracts/portal-config';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { PortalConfigProvider } from '../lib/portal-config.tsx';
import { type LoginStatus, SessionProvider } from '../lib/session.tsx';
import { logFailure } from '../lib/log-failure.ts';
import { AppCrashed } from './app-crashed.tsx';
import styles from './provider.module.css';

const TOAST_AUTO_CLOSE_MS = 5000;

function ToastCloseButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.toastClose} aria-label={t('toast.close')} onClick={closeToast}>
      ×
    </button>
  );
}

/**
 * The portal's one toast container (remotes call `toast` of the shared react-toastify and their toasts appear
 * here): below the header, so that no toast covers its controls, and itself a polite live region (an error toast
 * is an alert and stays until dismissed: web-kit/src/toast.ts).
 */
function Toasts() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      position="top-right"
      className={styles.toasts}
      autoClose={TOAST_AUTO_CLOSE_MS}
      role="status"
      closeButton={ToastCloseButton}
      aria-label={t('toast.region')}
    />
  );
}

/** What every page needs: the runtime configuration, the session and the toasts. */
export function AppProvider({
  config,
  loginStatus,
  children,
}: {
  config: PortalConfig;
  loginStatus: LoginStatus;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary fallback={<AppCrashed />} onError={logFailure('The portal')}>
      <PortalConfigProvider config={config}>
        <SessionProvider loginStatus={loginStatus} idleMinutes={config.sessionIdleMinutes}>
          {children}
        </SessionProvider>
      </PortalConfigProvider>
      <Toasts />
    </ErrorBoundary>
  );
}
