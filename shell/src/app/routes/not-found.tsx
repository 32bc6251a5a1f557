import buttons from '@portal/web-kit/styles/buttons.module.css';
import card from '@portal/web-kit/styles/card.module.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import styles from './placeholder.module.css';

/** Any path the portal does not know. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className={`${card.card} ${styles.placeholder}`} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link to={pages.home.getHref()} className={buttons.button}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
