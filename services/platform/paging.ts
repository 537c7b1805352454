import { z } from 'zod';
import { ValidationError } from './errors.ts';
import type { Queryable } from './pool.ts';

/**
 * The spec's paging query (page, limit, search, sortField, sortOrder). Without `page` a list may
 * answer every row (the web pages and sorts in memory); `pageQuery` makes the variants of one shape.
 */
export const pageQuery = ({ defaultLimit = 10, maxLimit = 100, pageDefault }: { defaultLimit?: number; maxLimit?: number; pageDefault?: number } = {}) =>
  z.object({
    page: pageDefault === undefined ? z.coerce.number().int().min(1).optional() : z.coerce.number().int().min(1).default(pageDefault),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    search: z.string().trim().max(200).optional(),
    sortField: z.string().max(50).default('id'),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
  });

export const PageQuery = pageQuery();
export type PageQuery = z.infer<typeof PageQuery>;

/** The answer of a paged call: a page of rows and how many pages there are. */
export const paged = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), totalPages: z.number().int() });

export const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export interface Pageable {
  /** Sort fields the client may name and the SQL each means (constants). */
  sortable: Record<string, string>;
  /** Text expressions searched case-insensitively (constants). */
  searchable: string[];
  /** The unique column that breaks ties. */
  tieBreak: string;
}

/**
 * The first pages are written into the statement (`LIMIT 10 OFFSET 0`), later ones as parameters.
 * With LIMIT and OFFSET as parameters Postgres planned a page's statement again on every call: a
 * plan for unknown parameters is costed at a tenth of the rows, so it never looked cheaper than one
 * for the actual page (the admin organizations page: ~0.4-1.7 ms planning for ~0.7 ms of execution).
 * A prepared statement without parameters keeps its plan per connection. Only the first pages, so a
 * connection prepares a bounded number of such statements; the rest plan per call, as before.
 */
const LITERAL_PAGES = 5;

/** WHERE / ORDER BY / LIMIT for one page; the search travels only as a parameter ($1), limit and offset as validated integers or parameters. */
export function pageSql(query: Pick<PageQuery, 'page' | 'limit' | 'search' | 'sortField' | 'sortOrder'>, source: Pageable) {
  const sort = Object.hasOwn(source.sortable, query.sortField) ? source.sortable[query.sortField] : undefined;
  if (!sort) throw new ValidationError(`sortField must be one of ${Object.keys(source.sortable).join(', ')}`, 'sortField');
  const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const search = query.page && query.search ? [`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [];
  const where = search.length ? `WHERE ${source.searchable.map((c) => `${c} ILIKE $1`).join(' OR ')}` : '';
  const n = search.length;
  const offset = ((query.page ?? 1) - 1) * query.limit;
  // Integers the route's schema checked; checked again here, since they are written into SQL.
  const literal = !!query.page && query.page <= LITERAL_PAGES && Number.isSafeInteger(query.limit) && Number.isSafeInteger(offset);
  return {
    where,
    whereParams: search,
    order: `ORDER BY ${sort} ${direction}, ${source.tieBreak} ${direction}`,
    limit: !query.page ? '' : literal ? `LIMIT ${query.limit} OFFSET ${offset}` : `LIMIT $${n + 1} OFFSET $${n + 2}`,
    params: query.page && !literal ? [...search, query.limit, offset] : search,
  };
}

/** The answer: every row, or `{data, totalPages}` when a page was asked for (rows carry `total_rows` then). */
export async function pageAnswer<R>(
  query: Pick<PageQuery, 'page' | 'limit'>,
  rows: Record<string, unknown>[],
  count: () => Promise<number>,
): Promise<R[] | { data: R[]; totalPages: number }> {
  const data = rows.map(({ total_rows: _total, ...row }) => row as R);
  if (!query.page) return data;
  const total = rows.length ? Number(rows[0].total_rows) : query.page > 1 ? await count() : 0;
  return { data, totalPages: totalPages(total, query.limit) };
}

/**
 * How many rows match, counted once beside the page (a subquery run once): `count(*) OVER ()` built
 * every matching row's select list before the page was cut (a page of 10 of 1,000 organizations
 * cost Postgres ~2 ms).
 */
export const totalRows = (from: string, where: string) => `(SELECT count(*) FROM ${from} ${where}) AS total_rows`;

export interface PagedSource extends Pageable {
  /** A view or table name: a constant, never user input. */
  from: string;
  /** The select list: constants. */
  columns: string;
}

/** One page of one read model (page 1 when none is asked) and the number of pages. */
export async function pagedRows<T>(db: Queryable, source: PagedSource, query: PageQuery): Promise<{ data: T[]; totalPages: number }> {
  const asked = { ...query, page: query.page ?? 1 };
  const page = pageSql(asked, source);
  const res = await db.query(
    `SELECT ${source.columns}, ${totalRows(source.from, page.where)} FROM ${source.from} ${page.where} ${page.order} ${page.limit}`,
    page.params,
  );
  const count = async () => (await db.query(`SELECT count(*)::int AS n FROM ${source.from} ${page.where}`, page.whereParams)).rows[0].n as number;
  return (await pageAnswer<T>(asked, res.rows, count)) as { data: T[]; totalPages: number };
}

/** A timestamp column as an ISO-8601 UTC string (what the response schemas promise). */
export const iso = (column: string, as = column) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;
