import { useState } from 'react';
import field from '@portal/web-kit/styles/field.module.css';
import styles from './admin-page.module.css';

/** A labelled search box of the administration pages, in their toolbar; `onSearch` gets each change (the caller goes to page one). */
export function SearchField({
  id,
  label,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  return (
    <div className={styles.toolbar}>
      <div>
        <label htmlFor={id} className={field.label}>
          {label}
        </label>
        <input id={id} type="search" maxLength={200} value={value} onChange={(event) => onSearch(event.target.value)} />
      </div>
    </div>
  );
}

/** A list's search and the offset of the page shown: a new search starts again at the first page. */
export function useSearchPaging() {
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const search = (value: string) => {
    setQ(value);
    setOffset(0);
  };
  return { q, offset, setOffset, search };
}
