import { defaultPageSize } from '../config';
import type { PageState } from './paging';

export interface LocalPagingOptions<T> {
  /** The text a row is searched by (case-insensitive substring). */
  text: (row: T) => string;
  /** Sortable fields and the value each sorts by. */
  sortBy: Record<string, (row: T) => string | number | boolean | null | undefined>;
  pageSize?: number;
}

const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
};

/** Search, sort and page a list that is already in memory; the page is kept inside 1..totalPages. */
export function pageLocally<T>(rows: readonly T[], state: PageState, options: LocalPagingOptions<T>): { rows: T[]; totalPages: number; page: number } {
  const size = options.pageSize ?? defaultPageSize;
  const needle = state.search.trim().toLowerCase();
  const found = needle ? rows.filter((row) => options.text(row).toLowerCase().includes(needle)) : [...rows];
  const key = options.sortBy[state.sortField];
  if (key) {
    const direction = state.sortOrder === 'desc' ? -1 : 1;
    found.sort((a, b) => direction * compare(key(a), key(b)));
  }
  const totalPages = Math.max(1, Math.ceil(found.length / size));
  const page = Math.min(Math.max(1, state.page), totalPages);
  return { rows: found.slice((page - 1) * size, page * size), totalPages, page };
}
