import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sqlLiteral } from './sql-literal.ts';

describe('sqlLiteral', () => {
  it('quotes a plain text whole, as escapeLiteral would', () => {
    for (const text of ['', 'ledger', '{"xid":"12","pos":3}', 'Crédits été ✓']) expect(sqlLiteral(text)).toBe(pg.escapeLiteral(text));
  });

  it("doubles a quote and escapes a backslash, as escapeLiteral does", () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
  });
});
