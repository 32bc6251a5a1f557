import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

interface Props {
  id: string;
  title: string;
  subtitle?: string;
  /** Below the form: links to the other pages of the slice. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every page of this slice: a centred card with a title. */
export function AuthCard({ id, title, subtitle, footer, children }: Props) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}
