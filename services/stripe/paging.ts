import type { Queryable } from '../eventstore/store.ts';
import { ValidationError } from '../eventstore/errors.ts';
import type { PageQuery } from './schemas.ts';

export interface PagedSource {
  /** A view or table name: a constant, never user input. */
  from: string;
  /** The select list: constants. */
  columns: string;
  /** Sort fields the client may name, mapped to the SQL they mean. */
  sortable: Record<string, string>;
  /** Columns searched (as text, case-insensitively) for the search term. */
  searchable: string[];
}

/** One page of a read model and the number of pages; user input only ever travels as parameters. */
export async function pagedRows<T>(db: Queryable, source: PagedSource, query: PageQuery): Promise<{ data: T[]; totalPages: number }> {
  const sortSql = Object.hasOwn(source.sortable, query.sortField) ? source.sortable[query.sortField] : undefined;
  if (!sortSql) throw new ValidationError(`sortField must be one of ${Object.keys(source.sortable).join(', ')}`, 'sortField');
  const order = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = search ? `WHERE ${source.searchable.map((c) => `${c}::text ILIKE $3`).join(' OR ')}` : '';
  const params: unknown[] = [query.limit, (query.page - 1) * query.limit];
  if (search) params.push(search);
  const res = await db.query(
    `SELECT ${source.columns}, count(*) OVER () AS total_rows FROM ${source.from} ${where}
      ORDER BY ${sortSql} ${order}, id ${order} LIMIT $1 OFFSET $2`,
    params,
  );
  let total = res.rows[0] ? Number(res.rows[0].total_rows) : 0;
  if (!res.rows[0] && query.page > 1) {
    const count = await db.query(`SELECT count(*)::int AS n FROM ${source.from} ${where.replaceAll('$3', '$1')}`, search ? [search] : []);
    total = count.rows[0].n;
  }
  const data = res.rows.map(({ total_rows: _t, ...row }) => row as T);
  return { data, totalPages: Math.ceil(total / query.limit) };
}

/** A timestamp column as an ISO-8601 UTC string (what the response schemas promise). */
export const iso = (column: string, as = column) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;
