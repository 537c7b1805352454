import { z } from 'zod';
import { ValidationError } from '../eventstore/errors.ts';

/** The spec's paging query; without `page` a list answers every row (the web pages and sorts in memory). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  sortField: z.string().max(50).default('id'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), totalPages: z.number().int() });

export interface Pageable {
  /** Sort fields the client may name and the SQL each means (constants). */
  sortable: Record<string, string>;
  /** Expressions searched case-insensitively (constants). */
  searchable: string[];
  /** The unique column that breaks ties. */
  tieBreak: string;
}

/** WHERE / ORDER BY / LIMIT for one page; user input travels only as parameters ($1 the search, then limit and offset). */
export function pageSql(query: PageQuery, source: Pageable) {
  const sort = Object.hasOwn(source.sortable, query.sortField) ? source.sortable[query.sortField] : undefined;
  if (!sort) throw new ValidationError(`sortField must be one of ${Object.keys(source.sortable).join(', ')}`, 'sortField');
  const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const search = query.page && query.search ? [`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [];
  const where = search.length ? `WHERE ${source.searchable.map((c) => `${c} ILIKE $1`).join(' OR ')}` : '';
  const n = search.length;
  return {
    where,
    whereParams: search,
    order: `ORDER BY ${sort} ${direction}, ${source.tieBreak} ${direction}`,
    limit: query.page ? `LIMIT $${n + 1} OFFSET $${n + 2}` : '',
    params: query.page ? [...search, query.limit, (query.page - 1) * query.limit] : search,
  };
}

/** The answer: every row, or `{data, totalPages}` when a page was asked for (rows carry `total_rows` then). */
export async function pageAnswer<R>(
  query: PageQuery,
  rows: Record<string, unknown>[],
  count: () => Promise<number>,
): Promise<R[] | { data: R[]; totalPages: number }> {
  const data = rows.map(({ total_rows: _total, ...row }) => row as R);
  if (!query.page) return data;
  const total = rows.length ? Number(rows[0].total_rows) : query.page > 1 ? await count() : 0;
  return { data, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}
