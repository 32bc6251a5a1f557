import type { PortalConfig } from '@portal/contracts/portal-config';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, toast, ToastContainer } from 'react-toastify';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PortalConfigProvider } from '../lib/portal-config.tsx';
import { type LoginStatus, SessionProvider } from '../lib/session.tsx';
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

/** An error toast stays until it is dismissed (it may say what to do next) and interrupts; the others are polite. */
function keepErrorToasts(): () => void {
  return toast.onChange(({ status, type, id }) => {
    if (status === 'added' && type === 'error') toast.update(id, { autoClose: false, role: 'alert' });
  });
}

/**
 * The portal's one toast container (remotes call `toast` of the shared react-toastify and their toasts appear
 * here): below the header, so that no toast covers its controls, and itself a polite live region.
 */
function Toasts() {
  const { t } = useTranslation();
  useEffect(keepErrorToasts, []);
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
    <ErrorBoundary name="The portal" fallback={<AppCrashed />}>
      <PortalConfigProvider config={config}>
        <SessionProvider loginStatus={loginStatus}>{children}</SessionProvider>
      </PortalConfigProvider>
      <Toasts />
    </ErrorBoundary>
  );
}
