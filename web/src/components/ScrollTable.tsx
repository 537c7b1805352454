import { isValidElement, type ReactNode } from 'react';

/** A column's header: its text, or its text and a class (a numbers column's, say). */
export type Header = ReactNode | { label: ReactNode; className: string };

const isClassed = (h: Header): h is { label: ReactNode; className: string } => typeof h === 'object' && h !== null && !isValidElement(h) && 'label' in h;

interface ScrollTableProps {
  headers: Header[];
  /** The rows. */
  children: ReactNode;
  /** The scrolling box's class. */
  scroll?: string;
  /** More classes of the table. */
  className?: string;
  /** The table's accessible name, or the id of what names it. */
  label?: string;
  labelledBy?: string;
  testId?: string;
}

/**
 * A table in the app's style that scrolls inside its card when it is wider than the card: its column
 * headers, then its rows (`children`).
 */
export function ScrollTable({ headers, children, scroll = 'table-scroll', className, label, labelledBy, testId }: ScrollTableProps) {
  return (
    <div className={scroll}>
      <table className={className ? `table ${className}` : 'table'} aria-label={label} aria-labelledby={labelledBy} data-testid={testId}>
        <thead>
          <tr>
            {headers.map((header, i) => {
              const { label, className } = isClassed(header) ? header : { label: header, className: undefined };
              return (
                <th key={i} scope="col" className={className}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
