import type { User } from '@portal/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './header.module.css';
import { UserMenu } from './user-menu.tsx';

/** The header of signed-in users: the Create topic and Categories links are for system administrators only. */
export function NavBar({ user }: { user: User }) {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.dashboard.getHref()} className={styles.brand} aria-label={t('nav.home')}>
          <Logo title={t('app.title')} />
        </Link>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <NavLink to={paths.dashboard.getHref()} className={linkClass} end>
            {t('nav.overview')}
          </NavLink>
          {user.isSysAdmin && (
            <>
              <NavLink to={paths.createCourse.getHref()} className={linkClass}>
                {t('nav.createTopic')}
              </NavLink>
              <NavLink to={paths.categories.getHref()} className={linkClass}>
                {t('nav.categories')}
              </NavLink>
            </>
          )}
        </nav>
        <UserMenu user={user} />
      </div>
    </header>
  );
}
