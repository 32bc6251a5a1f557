import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { type PageProps, pages } from '@portal/contracts/pages';
import styles from '../../features/account/components/account.module.css';
import { ScimTokens } from '../../features/scim/components/scim-tokens.tsx';
import { AUTH_NAMESPACE } from '../../lib/i18n.ts';

/** Exposed as ./AdminScimPage: directory sync (SCIM) for system administrators; the server refuses anyone else. */
export default function AdminScimPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (session.status === 'checking') return <p role="status">{t('login.checking')}</p>;
  if (!session.user) return <Navigate to={pages.login.getHref()} replace />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('scim.title')}</h1>
      {session.user.isSysAdmin ? <ScimTokens /> : <p role="alert">{t('scim.administratorsOnly')}</p>}
    </div>
  );
}
