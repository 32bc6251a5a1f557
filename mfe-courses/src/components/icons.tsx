import type { ReactNode } from 'react';

/** A line icon drawn by its paths and any other shapes; decorative: the button or link around it carries the name. */
function Icon({ paths, children }: { paths: readonly string[]; children?: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
      {paths.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

export const EditIcon = () => <Icon paths={['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z']} />;

export const TrashIcon = () => <Icon paths={['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6', 'M10 11v6M14 11v6']} />;

export const CloseIcon = () => <Icon paths={['M18 6 6 18M6 6l12 12']} />;

export const FileIcon = () => (
  <Icon paths={['M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9Z', 'M14 3v6h6', 'M12 12v6M9 15l3 3 3-3']} />
);

export const SearchIcon = () => (
  <Icon paths={['m20 20-3.5-3.5']}>
    <circle cx="11" cy="11" r="7" />
  </Icon>
);

export const CheckIcon = () => <Icon paths={['M20 6 9 17l-5-5']} />;
