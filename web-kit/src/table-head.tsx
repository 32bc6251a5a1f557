import type { ReactNode } from 'react';

/** A table's one row of column headers, in order; `null` leaves one out. A table's columns are fixed: their place is their key. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          column === null ? null : (
            <th key={index} scope="col">
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
