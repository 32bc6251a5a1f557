import field from '@portal/web-kit/styles/field.module.css';

/** A labelled search box of the administration pages; `onSearch` gets each change (the caller goes to page one). */
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
    <div>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input id={id} type="search" maxLength={200} value={value} onChange={(event) => onSearch(event.target.value)} />
    </div>
  );
}
