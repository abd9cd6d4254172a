import type { ReactNode } from 'react';

interface DataTableProps {
  /** Names the scrolling region, e.g. "Tabla de servicios". */
  label: string;
  columns: string[];
  /** The rows: `<tr>`s whose first cell is a `<th scope="row">`. */
  children: ReactNode;
}

/**
 * A dashboard table with column headers. On a phone it scrolls sideways inside its own labelled
 * region, which takes focus so the keyboard can scroll it too.
 */
export function DataTable({ label, columns, children }: DataTableProps) {
  return (
    <div className="dash-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="dash-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
