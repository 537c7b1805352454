import { defaultPageSize } from '../config';

export type SortOrder = 'asc' | 'desc';

export interface PageState {
  page: number;
  search: string;
  sortField: string;
  sortOrder: SortOrder;
}

export interface Paged<T> {
  data: T[];
  totalPages: number;
}

export const initialPageState: PageState = { page: 1, search: '', sortField: 'id', sortOrder: 'asc' };

/** Query parameters of the spec's paged calls (section 7). */
export function pageQuery(state: PageState, limit = defaultPageSize) {
  return {
    page: state.page,
    limit,
    search: state.search || undefined,
    sortField: state.sortField,
    sortOrder: state.sortOrder,
  };
}
