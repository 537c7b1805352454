import { useState } from 'react';
import { pageLocally, type LocalPagingOptions } from '../lib/local-paging';
import { initialPageState } from '../lib/paging';
import { PagedTable, type PagedTableProps } from './PagedTable';

type Props<T> = Omit<PagedTableProps<T>, 'rows' | 'page' | 'totalPages' | 'search' | 'sortField' | 'sortOrder' | 'onChange'> & {
  /** Every row, already loaded: searched, sorted and paged here. */
  items: readonly T[];
  paging: LocalPagingOptions<T>;
};

/** A PagedTable over a list the page already holds. */
export function LocalPagedTable<T extends object>({ items, paging, ...table }: Props<T>) {
  const [state, setState] = useState(initialPageState);
  const view = pageLocally(items, state, paging);
  return (
    <PagedTable
      {...table}
      rows={view.rows}
      page={view.page}
      totalPages={view.totalPages}
      search={state.search}
      sortField={state.sortField}
      sortOrder={state.sortOrder}
      onChange={setState}
    />
  );
}
