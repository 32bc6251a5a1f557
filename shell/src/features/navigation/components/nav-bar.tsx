import type { User } from '@portal/contracts/auth';
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '../../../components/logo.tsx';
import { pages } from '@portal/contracts/pages';
import styles from './header.module.css';
import { useCloseOnOutsideClick } from '../lib/use-close-on-outside-click.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The header of signed-in users: the Create course, Categories and Administration links are for system
 * administrators only.
 * Below 640 px the links fold behind a Menu button, which a choice, Escape or a click elsewhere closes.
 */
export function NavBar({ user }: { user: User }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Open on the page where it was opened: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const navId = useId();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;

  useCloseOnOutsideClick(
    headerRef,
    menuOpen,
    useCallback(() => setOpenOn(null), []),
  );

  // From the links and from the Menu button itself, which keeps the focus after it opened the menu.
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <header ref={headerRef} className={styles.header}>
      <div className={`${styles.inner} ${styles.signedIn}`}>
        <Link to={pages.dashboard.getHref()} className={styles.brand} aria-label={t('nav.home')}>
          <Logo title={t('app.title')} />
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen(!menuOpen)}
          onKeyDown={onMenuKeyDown}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('nav.menu')}
        </button>
        <nav
          id={navId}
          className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
          aria-label={t('nav.main')}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setMenuOpen(false);
          }}
        >
          <NavLink to={pages.dashboard.getHref()} className={linkClass} end>
            {t('nav.overview')}
          </NavLink>
          {user.isSysAdmin && (
            <>
              <NavLink to={pages.createCourse.getHref()} className={linkClass}>
                {t('nav.createTopic')}
              </NavLink>
              <NavLink to={pages.categories.getHref()} className={linkClass}>
                {t('nav.categories')}
              </NavLink>
              <NavLink to={pages.administration.getHref()} className={linkClass}>
                {t('nav.administration')}
              </NavLink>
            </>
          )}
        </nav>
        <UserMenu user={user} />
      </div>
    </header>
  );
}
