import { LanguageSwitcher } from '@portal/web-kit/language-switcher';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router-dom';
import { Logo } from '../../../components/logo.tsx';
import { pages } from '@portal/contracts/pages';
import { useSession } from '../../../lib/session.tsx';
import styles from './header.module.css';

/**
 * The header for visitors: the language buttons at its right end on every page (so they stay in place), the
 * login link before them everywhere but on the login page.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const { changeLanguage } = useSession();
  const onLoginPage = useMatch(pages.login.path) !== null;
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={pages.home.getHref()} className={styles.brand}>
          <Logo title={t('app.title')} />
        </Link>
        {!onLoginPage && (
          <Link to={pages.login.getHref()} className={`${buttons.buttonPrimary} ${styles.toLogin}`}>
            {t('nav.login')}
          </Link>
        )}
        <div className={styles.languages}>
          <LanguageSwitcher label={t('language.label')} onChange={(language) => void changeLanguage(language)} />
        </div>
      </div>
    </header>
  );
}

/** The header's place while the signed-in user's header loads: the same height, so that the page does not move. */
export function HeaderPlaceholder() {
  return (
    <header className={styles.header}>
      <div className={styles.inner} />
    </header>
  );
}
