import type { PageProps } from '@portal/contracts/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';
import { PageHeader } from './page-header.tsx';

/** The texts' prefix: each section has its `title`, `subtitle` and `notAllowed`. */
type AdminSection = 'assignments' | 'categories' | 'reports' | 'reviews';

/**
 * A system administrators' page: its header, then its content, or for anyone else why they may not use it.
 * `styles` are the page's own column and card.
 */
export function AdminPage({
  session,
  section,
  styles,
  children,
}: PageProps<'user'> & { section: AdminSection; styles: { page?: string; card?: string }; children: ReactNode }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <section className={styles.page} aria-labelledby={`${section}-title`}>
      <PageHeader id={`${section}-title`} title={t(`${section}.title`)} subtitle={t(`${section}.subtitle`)} />
      {session.user?.isSysAdmin ? (
        children
      ) : (
        <p role="alert" className={styles.card}>
          {t(`${section}.notAllowed`)}
        </p>
      )}
    </section>
  );
}
