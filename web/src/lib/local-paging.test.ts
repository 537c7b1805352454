import { describe, expect, it } from 'vitest';
import { pageLocally } from './local-paging';
import { initialPageState } from './paging';

const rows = Array.from({ length: 23 }, (_, i) => ({ id: `id-${i + 1}`, name: i % 2 ? `Beta ${i + 1}` : `alpha ${i + 1}`, credits: (i * 7) % 11 }));
const options = { text: (r: (typeof rows)[number]) => `${r.id} ${r.name}`, sortBy: { id: (r: (typeof rows)[number]) => r.id, credits: (r: (typeof rows)[number]) => r.credits } };

describe('pageLocally', () => {
  it('pages by ten and counts the pages', () => {
    const first = pageLocally(rows, initialPageState, options);
    expect(first.rows).toHaveLength(10);
    expect(first.totalPages).toBe(3);
    const last = pageLocally(rows, { ...initialPageState, page: 3 }, options);
    expect(last.rows.map((r) => r.id)).toEqual(['id-21', 'id-22', 'id-23']);
  });

  it('sorts ids numerically and either way', () => {
    expect(pageLocally(rows, initialPageState, options).rows[1].id).toBe('id-2');
    expect(pageLocally(rows, { ...initialPageState, sortOrder: 'desc' }, options).rows[0].id).toBe('id-23');
    const byCredits = pageLocally(rows, { ...initialPageState, sortField: 'credits', sortOrder: 'desc' }, { ...options, pageSize: 100 }).rows.map((r) => r.credits);
    expect(byCredits).toEqual([...byCredits].sort((a, b) => b - a));
  });

  it('searches case-insensitively and keeps the page in range', () => {
    const found = pageLocally(rows, { ...initialPageState, search: 'BETA', page: 9 }, options);
    expect(found.rows.every((r) => r.name.startsWith('Beta'))).toBe(true);
    expect(found.page).toBe(2);
    expect(pageLocally(rows, { ...initialPageState, search: 'nothing' }, options)).toEqual({ rows: [], totalPages: 1, page: 1 });
  });
});
