import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../support/db.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';

describe('arrayLiteral', () => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());
  const roundTrip = async (values: Parameters<typeof arrayLiteral>[0], type: string) => (await client.query(`SELECT $1::${type}[] AS a`, [arrayLiteral(values)])).rows[0].a;

  it('writes plain elements as they are and quotes only the others', () => {
    expect(arrayLiteral(['a', 1, null, 'b c', '', 'null'])).toBe('{a,1,NULL,"b c","","null"}');
  });

  it('brings every text back as it went, whatever it holds', async () => {
    const texts = ['plain', '', 'null', 'NULL', 'Null', ' lead', 'trail ', 'a,b', '{x}', 'say "hi"', 'back\\slash', '\\"', 'tab\there', 'line\nbreak', 'emoji 🎉 — é', 'a/b@c+d:e.f-g_h'];
    expect(await roundTrip([...texts, null], 'text')).toEqual([...texts, null]);
  });

  it('gives Postgres numbers, ids and times it parses as their types', async () => {
    const ids = ['0b5c6e3a-1f7a-4c62-9d6e-2f1f0c7f5b11', 'A0B5C6E3-1F7A-4C62-9D6E-2F1F0C7F5B12'];
    expect(await roundTrip([1, -2, 9007199254740991, null], 'bigint')).toEqual(['1', '-2', '9007199254740991', null]);
    expect(await roundTrip(ids, 'uuid')).toEqual(ids.map((id) => id.toLowerCase()));
    const times = (await roundTrip(['2026-11-29T10:20:30.123Z', null], 'timestamptz')) as (Date | null)[];
    expect(times.map((t) => t && t.toISOString())).toEqual(['2026-11-29T10:20:30.123Z', null]);
    expect(await roundTrip([true, false], 'boolean')).toEqual([true, false]);
  });

  it('gives Postgres a Buffer as the bytea it holds, an empty one too', async () => {
    const bytes = [Buffer.from([0, 1, 0x5c, 0x22, 0x2c, 0x7b, 0xff]), Buffer.alloc(0), Buffer.from('a "quoted", {braced} \\ text')];
    expect(arrayLiteral([bytes[0], null])).toBe('{"\\\\x00015c222c7bff",NULL}');
    expect(await roundTrip([...bytes, null], 'bytea')).toEqual([...bytes, null]);
  });
});
