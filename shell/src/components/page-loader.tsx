import { useTranslation } from 'react-i18next';
import styles from './page-loader.module.css';

/** While a page or the login status is on its way. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
