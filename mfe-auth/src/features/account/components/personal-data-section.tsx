import formStyles from '@portal/web-kit/styles/form.module.css';
import { useAccountTranslation } from '../../../lib/account-i18n.ts';
import styles from './account.module.css';
import { Panel } from '@portal/web-kit/panel';

/** The person's data from every service, as one ZIP the browser saves (GDPR art. 15 and 20). */
const PERSONAL_DATA_EXPORT_PATH = '/api/user/export';

export function PersonalDataSection() {
  const { t } = useAccountTranslation();
  return (
    <Panel title={t('account.export.title')} intro={t('account.export.intro')}>
      <a className={`${formStyles.submit} ${styles.download}`} href={PERSONAL_DATA_EXPORT_PATH} download>
        {t('account.export.download')}
      </a>
    </Panel>
  );
}
