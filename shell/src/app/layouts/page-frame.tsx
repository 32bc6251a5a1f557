import { pages } from '@portal/contracts/pages';
import { Suspense, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../components/footer.tsx';
import { RemotePage } from '../../features/remotes/components/remote-page.tsx';
import { HeaderPlaceholder, PublicHeader } from '../../features/navigation/components/public-header.tsx';
import { type Session, useSession } from '../../lib/session.tsx';
import { NavBar, SessionDialogs } from '../signed-in.tsx';
import styles from './page-frame.module.css';
import { usePageHeading } from './use-page-heading.ts';

const signInWithAuthSlice = (session: Session) => (
  <RemotePage remote={pages.login.remote} exposed={pages.login.exposed} session={session} />
);

/**
 * Every page: the nav bar for signed-in users (the public header otherwise), the page, the footer. The page's
 * heading gives the document its title and takes the focus after a navigation. Over it, when the session ends or is
 * about to, the session's dialogs.
 */
export function PageFrame() {
  const { t } = useTranslation();
  const { user } = useSession();
  const main = useRef<HTMLElement>(null);
  usePageHeading(main);
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      {user ? (
        <Suspense fallback={<HeaderPlaceholder />}>
          <NavBar user={user} />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      <main ref={main} id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {user && (
        <Suspense>
          <SessionDialogs signInForm={signInWithAuthSlice} />
        </Suspense>
      )}
    </div>
  );
}
