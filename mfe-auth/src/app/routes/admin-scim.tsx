import { useTranslation } from 'react-i18next';
import type { PageProps } from '@portal/contracts/pages';
import styles from '../../features/account/components/account.module.css';
import { ScimTokens } from '../../features/scim/components/scim-tokens.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';
import { SignedIn } from '../../components/signed-in.tsx';

/** Exposed as ./AdminScimPage: directory sync (SCIM) for system administrators; the server refuses anyone else. */
export default function AdminScimPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return (
    <SignedIn session={session}>
      {(user) => (
        <div className={styles.page}>
          <h1 className={styles.title}>{t('scim.title')}</h1>
          {user.isSysAdmin ? <ScimTokens /> : <p role="alert">{t('scim.administratorsOnly')}</p>}
        </div>
      )}
    </SignedIn>
  );
}
