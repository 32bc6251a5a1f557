import styles from './page-header.module.css';

/** A page's heading and the line under it; `id` is the heading's, which names the page's section. */
export function PageHeader({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <header className={styles.header}>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      <p className={styles.subtitle}>{subtitle}</p>
    </header>
  );
}
