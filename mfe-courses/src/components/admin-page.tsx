import type { PageProps } from '@portal/contracts/pages';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';
import { withQueries } from '../lib/queries.tsx';
import { PageHeader } from '@portal/web-kit/page-header';

/** The texts' prefix: each section has its `title`, `subtitle` and `notAllowed`. */
type AdminSection = 'categories';

/** The page's own column and card. */
type PageStyles = Readonly<{ page?: string; card?: string }>;

/**
 * A system administrators' page: its header, then its content, or for anyone else why they may not use it.
 */
function AdminPage({
  session,
  section,
  styles,
  children,
}: PageProps<'user'> & { section: AdminSection; styles: PageStyles; children: ReactNode }) {
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

/** An administration page as the remote exposes it: `Content` inside AdminPage, in the slice's query cache. */
export function adminPage(section: AdminSection, styles: PageStyles, Content: ComponentType) {
  return withQueries(function AdminSectionPage({ session }: PageProps<'status' | 'user'>) {
    return (
      <AdminPage session={session} section={section} styles={styles}>
        <Content />
      </AdminPage>
    );
  });
}
