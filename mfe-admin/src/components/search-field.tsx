import { useState } from 'react';
import styles from './admin-page.module.css';
import { LabelledInput } from './labelled-input.tsx';

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
      <LabelledInput
        id={id}
        label={label}
        type="search"
        maxLength={200}
        value={value}
        onChange={(event) => onSearch(event.target.value)}
      />
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
