import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import ui from '../../components/ui.module.css';
import { paths } from '../../config/paths.ts';
import styles from './placeholder.module.css';

/** Course details and the editor, until their remotes exist: then these routes become <RemotePage>s. */
export function NotAvailableRoute() {
  const { t } = useTranslation();
  return (
    <section className={`${ui.card} ${styles.placeholder}`} aria-labelledby="not-available-title">
      <h1 id="not-available-title" className={styles.title}>
        {t('notAvailable.title')}
      </h1>
      <p className={styles.text}>{t('notAvailable.text')}</p>
      <Link to={paths.dashboard.getHref()} className={ui.buttonSecondary}>
        {t('notAvailable.back')}
      </Link>
    </section>
  );
}
