import type { ReactNode } from 'react';
import { pages } from '@portal/contracts/pages';
import { Link } from 'react-router-dom';
import { useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import type { PortalSession } from '@portal/contracts/pages';
import styles from './onboarding.module.css';

/**
 * The frame of the users' administration sub-pages (invite, import): a way back to the users and the title; to
 * anyone but a system administrator only a notice (the server refuses their calls with 403 regardless).
 */
export function AdminPage({
  id,
  title,
  session,
  children,
}: {
  id: string;
  title: string;
  session: Pick<PortalSession, 'user'>;
  children: ReactNode;
}) {
  const { t } = useDirectoryTranslation();
  return (
    <section className={styles.page} aria-labelledby={id}>
      <p>
        <Link to={pages.adminUsers.getHref()}>{t('adminUsers.back')}</Link>
      </p>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      {session.user?.isSysAdmin ? children : <p role="alert">{t('errors.forbidden')}</p>}
    </section>
  );
}
