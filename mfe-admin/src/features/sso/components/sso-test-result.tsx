import type { SsoTestResult } from '@portal/contracts/sso-settings';
import { useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import panel from '@portal/web-kit/styles/panel.module.css';
import styles from './sso.module.css';
import { Panel } from '@portal/web-kit/panel';

/** What a test of the connection found: the claims the provider sent, and the account they sign in to. */
export function SsoTestResultView({ result }: { result: SsoTestResult }) {
  const { t } = useDirectoryTranslation();
  return (
    <Panel title={t('sso.resultTitle')}>
      {result.status === 'done' ? (
        <>
          <p role="status" className={panel.intro}>
            {result.mapping.outcome === 'existing' &&
              t(result.mapping.isSysAdmin ? 'sso.mapsToExistingAdmin' : 'sso.mapsToExisting', {
                name: result.mapping.account.name,
                email: result.mapping.account.email,
              })}
            {result.mapping.outcome === 'new' &&
              t(result.mapping.isSysAdmin ? 'sso.mapsToNewAdmin' : 'sso.mapsToNew', {
                email: typeof result.claims.email === 'string' ? result.claims.email : '',
              })}
            {result.mapping.outcome === 'refused' && t(`sso.refused.${result.mapping.reason}`)}
          </p>
          <h3 className={panel.intro}>{t('sso.claims')}</h3>
          <pre className={styles.claims}>{JSON.stringify(result.claims, null, 2)}</pre>
        </>
      ) : (
        <p role="alert">{t(`sso.testStatus.${result.status}`)}</p>
      )}
    </Panel>
  );
}
