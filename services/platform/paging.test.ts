import { describe, expect, it } from 'vitest';
import { pageSql } from './paging.ts';

const source = { sortable: { name: 'lower(o.name)' }, searchable: ['o.name'], tieBreak: 'o.id' };
const query = (page: number | undefined, search?: string) => ({ page, limit: 10, search, sortField: 'name', sortOrder: 'asc' as const });

describe('pageSql', () => {
  it('writes the first five pages into the statement, so its plan is kept, and later pages as parameters', () => {
    expect(pageSql(query(1), source)).toMatchObject({ limit: 'LIMIT 10 OFFSET 0', params: [] });
    expect(pageSql(query(5, 'a%'), source)).toMatchObject({ where: 'WHERE o.name ILIKE $1', limit: 'LIMIT 10 OFFSET 40', params: ['%a\\%%'] });
    expect(pageSql(query(6), source)).toMatchObject({ limit: 'LIMIT $1 OFFSET $2', params: [10, 50] });
    expect(pageSql(query(7, 'b'), source)).toMatchObject({ limit: 'LIMIT $2 OFFSET $3', params: ['%b%', 10, 60] });
  });

  it('pages nothing without a page, and refuses a sort field the source does not name', () => {
    expect(pageSql(query(undefined), source)).toMatchObject({ limit: '', params: [] });
    expect(() => pageSql({ ...query(1), sortField: 'password' }, source)).toThrow(/sortField must be one of name/);
  });
});
