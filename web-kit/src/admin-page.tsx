import type { PageProps } from '@portal/contracts/pages';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';

/** The page's own column and card. */
type PageStyles = Readonly<{ page?: string; card?: string }>;

type Wrap = (Page: ComponentType<PageProps<'status' | 'user'>>) => ComponentType<PageProps<'status' | 'user'>>;

/**
 * A slice's administration pages: each a header, then its content, or for anyone else why they may not use it, in
 * the slice's query cache. A section's texts (`title`, `subtitle`, `notAllowed`) are under its name in `namespace`.
 */
export function adminPages<Section extends string>(namespace: string, withQueries: Wrap) {
  function AdminPage({
    session,
    section,
    styles,
    children,
  }: PageProps<'user'> & { section: Section; styles: PageStyles; children: ReactNode }) {
    const { t } = useTranslation(namespace);
    const text = (part: 'title' | 'subtitle' | 'notAllowed') => {
      const key: string = `${section}.${part}`;
      return t(key);
    };
    return (
      <section className={styles.page} aria-labelledby={`${section}-title`}>
        <PageHeader id={`${section}-title`} title={text('title')} subtitle={text('subtitle')} />
        {session.user?.isSysAdmin ? (
          children
        ) : (
          <p role="alert" className={styles.card}>
            {text('notAllowed')}
          </p>
        )}
      </section>
    );
  }
  return function adminPage(section: Section, styles: PageStyles, Content: ComponentType) {
    return withQueries(function AdminSectionPage({ session }: PageProps<'status' | 'user'>) {
      return (
        <AdminPage session={session} section={section} styles={styles}>
          <Content />
        </AdminPage>
      );
    });
  };
}
