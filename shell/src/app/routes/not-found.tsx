import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import ui from '../../components/ui.module.css';
import { paths } from '../../config/paths.ts';
import styles from './placeholder.module.css';

/** Any path the portal does not know. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className={`${ui.card} ${styles.placeholder}`} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link to={paths.home.getHref()} className={ui.buttonSecondary}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
