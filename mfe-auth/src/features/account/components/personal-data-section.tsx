import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/form.module.css';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './account.module.css';

/** The person's data from every service, as one ZIP the browser saves (GDPR art. 15 and 20). */
const PERSONAL_DATA_EXPORT_PATH = '/api/user/export';

export function PersonalDataSection() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('account.export.title')}
      </h2>
      <p className={styles.intro}>{t('account.export.intro')}</p>
      <a className={`${formStyles.submit} ${styles.download}`} href={PERSONAL_DATA_EXPORT_PATH} download>
        {t('account.export.download')}
      </a>
    </section>
  );
}
