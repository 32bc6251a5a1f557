import { type SsoError, ssoErrorSchema } from '@portal/contracts/auth';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormAlert } from '@portal/web-kit/form-alert';
import styles from '@portal/web-kit/styles/form.module.css';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import type { SsoOffer } from '../api/get-sso-offer.ts';

const ERROR_KEYS: Record<SsoError, string> = {
  state: 'login.sso.errorState',
  provider: 'login.sso.errorProvider',
  domain: 'login.sso.errorDomain',
  unverified: 'login.sso.errorUnverified',
  deactivated: 'login.sso.errorDeactivated',
  failed: 'login.sso.errorFailed',
};

/**
 * "Sign in with <provider>": a plain link, since the sign-in is a round of redirects through the gateway. The
 * page to return to goes along; the gateway accepts only a path of the portal.
 */
export function SsoSignIn({ offer }: { offer: SsoOffer }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [search] = useSearchParams();
  const error = ssoErrorSchema.safeParse(search.get('sso_error')).data;
  const start = new URLSearchParams({ next: search.get('next') ?? '/dashboard' });
  return (
    <div className={styles.form}>
      <FormAlert message={error ? t(ERROR_KEYS[error]) : null} />
      <a className={styles.ssoButton} href={`/api/auth/oidc/login?${start.toString()}`}>
        {t('login.sso.signInWith', { name: offer.displayName })}
      </a>
    </div>
  );
}
