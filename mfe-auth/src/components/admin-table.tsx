import type { ReactNode } from 'react';
import styles from './admin-page.module.css';

/** What the last change on an administration page did: its failure as an alert, its success as a status. */
export function ChangeMessages({ error, notice }: { error: string | undefined; notice: string }) {
  return (
    <>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <p role="status">{notice}</p>
    </>
  );
}

/** A table of an administration page that scrolls sideways on a phone, named by its caption. */
export function AdminTable({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <div className={styles.scroller} tabIndex={0} aria-labelledby={`${id}-caption`}>
      <table className={styles.table}>
        <caption id={`${id}-caption`}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
