import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pages } from '@portal/contracts/pages';
import { type Session, useSession } from '../../../lib/session.tsx';
import styles from './session-dialogs.module.css';

/**
 * What the user sees when the session is about to end or has ended. Ended: the login form in place (or in a new
 * tab, which tells this one), and whatever failed runs again after sign-in; the page below stays as it was.
 * About to end (WCAG 2.2.1): a warning whose button extends the session. The sign-in form comes from the app,
 * which composes the slices.
 */
export function SessionDialogs({ signInForm }: { signInForm: (session: Session) => ReactNode }) {
  const session = useSession();
  const { t } = useTranslation();
  // The login page as for a visitor: its sign-in is the shell's, which lets the waiting calls run again.
  const signInAgain = useMemo<Session>(() => ({ ...session, status: 'anonymous', user: null }), [session]);

  if (session.ended) {
    return (
      <ConfirmDialog
        title={t('session.endedTitle')}
        message={t('session.endedText')}
        cancelLabel={t('session.leave')}
        onCancel={session.leave}
      >
        <div className={styles.signIn}>{signInForm(signInAgain)}</div>
        <p className={styles.newTab}>
          <a href={pages.login.getHref()} target="_blank" rel="noopener">
            {t('session.newTab')}
          </a>
        </p>
      </ConfirmDialog>
    );
  }
  if (session.expiring) {
    return (
      <ConfirmDialog
        title={t('session.expiringTitle')}
        message={t('session.expiringText')}
        cancelLabel={t('session.extend')}
        onCancel={() => void session.extend()}
      />
    );
  }
  return null;
}
