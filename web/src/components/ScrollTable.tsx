import type { ReactNode } from 'react';

/**
 * A table in the app's style that scrolls inside its card when it is wider than the card: its column
 * headers, then its rows (`children`). `scroll` names the scrolling box's class.
 */
export function ScrollTable({ headers, children, scroll = 'table-scroll' }: { headers: ReactNode[]; children: ReactNode; scroll?: string }) {
  return (
    <div className={scroll}>
      <table className="table">
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
