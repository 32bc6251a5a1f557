import { TableHead } from '@portal/web-kit/table-head';
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

interface TableProps {
  id: string;
  caption: string;
  /** The column headers (TableHead: `null` leaves one out). */
  columns: readonly ReactNode[];
  /** A class of the caller's beside the table's own. */
  className?: string;
  /** The table's bodies. */
  children: ReactNode;
}

/** A table of an administration page that scrolls sideways on a phone, named by its caption. */
export function AdminTable({ id, caption, columns, className, children }: TableProps) {
  return (
    <div className={styles.scroller} tabIndex={0} aria-labelledby={`${id}-caption`}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <caption id={`${id}-caption`}>{caption}</caption>
        <TableHead columns={columns} />
        {children}
      </table>
    </div>
  );
}
