import buttons from '@portal/web-kit/styles/buttons.module.css';
import card from '@portal/web-kit/styles/card.module.css';
import { useTranslation } from 'react-i18next';
import problem from '../components/problem.module.css';
import styles from './app-crashed.module.css';

/** The last resort: the portal could not start, or failed as a whole. */
export function AppCrashed() {
  const { t } = useTranslation();
  return (
    <main className={styles.crashed}>
      <section className={`${card.card} ${styles.card}`} role="alert">
        <h1 className={problem.title}>{t('app.crashedTitle')}</h1>
        <p className={problem.text}>{t('app.crashedText')}</p>
        <button type="button" className={buttons.buttonPrimary} onClick={() => window.location.reload()}>
          {t('app.reload')}
        </button>
      </section>
    </main>
  );
}
