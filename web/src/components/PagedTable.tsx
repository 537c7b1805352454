import { useEffect, useEffectEvent, useId, useState, type Key, type ReactNode } from 'react';
import type { PageState, SortOrder } from '../lib/paging';
import { LoadError, type LoadFailure } from './LoadError';
import './paged-table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render?: (row: T) => ReactNode;
  className?: string;
  /** The row's buttons: kept in view at the table's right edge while a wide table scrolls under them. */
  actions?: boolean;
}

const classOf = <T,>(column: Column<T>) => [column.className, column.actions ? 'paged-table__actions' : ''].filter(Boolean).join(' ') || undefined;

export interface SortOption {
  value: string;
  label: string;
}

export interface PagedTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  page: number;
  totalPages: number;
  search: string;
  sortField?: string;
  sortOrder?: SortOrder;
  /** When given, the sort field and direction selectors show. */
  sortFields?: SortOption[];
  onChange: (next: PageState) => void;
  rowKey?: (row: T, index: number) => Key;
  isLoading?: boolean;
  /** The rows could not be loaded: shown with a Retry instead of the rows (never as "empty"). */
  loadError?: LoadFailure;
  emptyText?: ReactNode;
  searchPlaceholder?: string;
  searchDelayMs?: number;
}

const cellText = (row: object, key: string): ReactNode => {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

export function PagedTable<T extends object>(props: PagedTableProps<T>) {
  const { columns, rows, page, totalPages, search, sortField = 'id', sortOrder = 'asc', sortFields } = props;
  const { onChange, rowKey, isLoading, loadError, emptyText = 'No results.', searchPlaceholder = 'Search...' } = props;
  const searchDelayMs = props.searchDelayMs ?? 300;
  const state: PageState = { page, search, sortField, sortOrder };
  const lastPage = Math.max(totalPages, 1);
  const ids = useId();

  const [draft, setDraft] = useState(search);
  const [syncedSearch, setSyncedSearch] = useState(search);
  if (search !== syncedSearch) {
    setSyncedSearch(search);
    setDraft(search);
  }

  const commitSearch = useEffectEvent((value: string) => onChange({ ...state, search: value, page: 1 }));
  useEffect(() => {
    if (draft === search) return;
    const timer = window.setTimeout(() => commitSearch(draft), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [draft, search, searchDelayMs]);

  return (
    <div className="paged-table">
      <div className="paged-table__toolbar">
        <input
          type="search"
          className="input paged-table__search"
          aria-label="Search"
          placeholder={searchPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {sortFields && (
          <div className="paged-table__sort">
            <label htmlFor={`${ids}-field`}>Sort by</label>
            <select
              id={`${ids}-field`}
              className="input"
              value={sortField}
              onChange={(event) => onChange({ ...state, sortField: event.target.value, page: 1 })}
            >
              {sortFields.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <select
              aria-label="Sort direction"
              className="input"
              value={sortOrder}
              onChange={(event) => onChange({ ...state, sortOrder: event.target.value as SortOrder, page: 1 })}
            >
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </select>
          </div>
        )}
      </div>

      <div className="paged-table__scroll">
        <table className="table" aria-busy={isLoading || undefined}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={classOf(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loadError && (
              <tr>
                <td colSpan={columns.length}>
                  <LoadError {...loadError} />
                </td>
              </tr>
            )}
            {!loadError && rows.map((row, index) => (
              <tr key={rowKey ? rowKey(row, index) : index}>
                {columns.map((column) => (
                  <td key={column.key} className={classOf(column)}>
                    {column.render ? column.render(row) : cellText(row, column.key)}
                  </td>
                ))}
              </tr>
            ))}
            {!loadError && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="paged-table__empty">
                  {isLoading ? 'Loading...' : emptyText}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <nav className="paged-table__pager" aria-label="Pagination">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={page <= 1}
          onClick={() => onChange({ ...state, page: page - 1 })}
        >
          Prev
        </button>
        <span className="paged-table__page">
          Page {page} of {lastPage}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={page >= lastPage}
          onClick={() => onChange({ ...state, page: page + 1 })}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
