import { type ReactNode, useId } from 'react';
import styles from './styles/panel.module.css';

interface Props {
  title: string;
  /** The paragraph under the heading. */
  intro?: ReactNode;
  /** A class of the caller's beside the card's own (the account's danger zone). */
  className?: string;
  children?: ReactNode;
}

/** A card of a narrow page (the account, directory sync, sign-in), named by its heading. */
export function Panel({ title, intro, className, children }: Props) {
  const headingId = useId();
  return (
    <section className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}

/** A narrow page of Panels (the account, directory sync, sign-in) under its title. */
export function NarrowPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
