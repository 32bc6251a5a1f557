import { hasCourseText } from '@portal/contracts/courses';
import { LANGUAGES } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import { type FormValues, plainText } from '../lib/form-values.ts';
import styles from './course-form.module.css';

interface Props {
  mine: FormValues;
  reloaded: boolean;
  reloading: boolean;
  onReload: () => void;
  onReapply: () => void;
  onDismiss: () => void;
}

/**
 * Someone saved the course first (409). The user loads the latest version into the form; what they typed
 * stays here as 'your version' until they apply it on top of the latest version or leave it.
 */
export function ConflictPanel({ mine, reloaded, reloading, onReload, onReapply, onDismiss }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <div role="alert" className={styles.conflict} aria-labelledby="conflict-title">
      <h2 id="conflict-title" className={styles.conflictTitle}>
        {t('conflict.title')}
      </h2>
      {!reloaded ? (
        <>
          <p>{t('conflict.text')}</p>
          <button type="button" className={styles.submit} onClick={onReload} disabled={reloading}>
            {t('conflict.reload')}
          </button>
        </>
      ) : (
        <>
          <p>{t('conflict.reloadedText')}</p>
          <section aria-labelledby="conflict-mine" className={styles.mine}>
            <h3 id="conflict-mine" className={styles.mineTitle}>
              {t('conflict.mine')}
            </h3>
            {LANGUAGES.filter((language) => hasCourseText(mine.texts[language])).map((language) => (
              <div key={language}>
                <h4 className={styles.mineLanguage}>{formatLanguage(language)}</h4>
                <p className={styles.mineField}>
                  <strong>{t('form.title')}:</strong> <span lang={language}>{mine.texts[language].title}</span>
                </p>
                <p className={styles.mineField}>
                  <strong>{t('form.description')}:</strong>{' '}
                  <span lang={language}>{plainText(mine.texts[language].description)}</span>
                </p>
              </div>
            ))}
          </section>
          <div className={styles.conflictActions}>
            <button type="button" className={styles.submit} onClick={onReapply}>
              {t('conflict.reapply')}
            </button>
            <button type="button" className={styles.secondary} onClick={onDismiss}>
              {t('conflict.keepLatest')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
