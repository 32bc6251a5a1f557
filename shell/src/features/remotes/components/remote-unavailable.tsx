import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import problem from '../../../components/problem.module.css';
import { RemoteRetryContext } from './remote-retry-context.ts';
import styles from './remote-unavailable.module.css';

/** Shown in the page frame instead of a remote page that could not be loaded; the nav bar and footer stay. */
export function RemoteUnavailable() {
  const { t } = useTranslation();
  const retry = useContext(RemoteRetryContext);
  return (
    <section className={styles.card} role="alert" aria-labelledby="remote-unavailable-title">
      <h1 id="remote-unavailable-title" className={problem.title}>
        {t('remote.unavailableTitle')}
      </h1>
      <p className={problem.text}>{t('remote.unavailableText')}</p>
      {retry && (
        <button type="button" className={buttons.buttonPrimary} onClick={retry}>
          {t('remote.retry')}
        </button>
      )}
    </section>
  );
}
