import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../components/footer.tsx';
import { NavBar } from '../../features/navigation/components/nav-bar.tsx';
import { PublicHeader } from '../../features/navigation/components/public-header.tsx';
import { useSession } from '../../lib/session.tsx';
import styles from './page-frame.module.css';

/** Every page: the nav bar for signed-in users (the public header otherwise), the page, the footer. */
export function PageFrame() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      {user ? <NavBar user={user} /> : <PublicHeader />}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
