import { useTranslation } from 'react-i18next';
import ui from '../../components/ui.module.css';
import { useSession } from '../../lib/session.tsx';
import styles from './placeholder.module.css';

/** Stands in for the courses slice's dashboard until that slice exists. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <section className={`${ui.card} ${styles.placeholder}`} aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className={styles.title}>
        {t('dashboard.greeting', { name: user?.name })}
      </h1>
      <p className={styles.text}>{t('dashboard.comingSoon')}</p>
    </section>
  );
}
