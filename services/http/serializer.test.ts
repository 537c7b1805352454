import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, serializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;
/** What zod's serializer wrote: the answer encoded by its schema, then JSON.stringify. */
const byZod = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));
/** The same answer (keys and values; fast-json-stringify writes an object's optional keys after its required ones). */
const sameAnswer = (schema: z.ZodType, data: unknown) => {
  const written = compile(schema)(data);
  expect(JSON.parse(written)).toStrictEqual(JSON.parse(byZod(schema, data)));
  return written;
};

const Member = z.object({ userId: z.string(), name: z.string(), role: z.enum(['owner', 'member']) });
const Org = z.object({
  id: z.uuid(),
  name: z.string(),
  is_active: z.boolean(),
  credit_balance: z.number(),
  count: z.number().int(),
  last_billing: z.iso.datetime().nullable(),
  subscription: z.object({ id: z.string(), monthly_credits: z.number() }).nullable(),
  note: z.string().optional(),
  members: z.array(Member),
  pending: z.record(z.string(), z.number()),
  kind: z.union([z.literal('a'), z.literal('b')]),
});

const org = {
  id: '7f3c2a1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'Quote " and \\ and \u2028 and é',
  is_active: true,
  credit_balance: 12.5,
  count: 3,
  last_billing: null,
  subscription: { id: 'pro', monthly_credits: 1000, secret: 'not in the schema' },
  members: [{ userId: 'u1', name: 'A', role: 'owner', password: 'never written' }],
  pending: { 'hold-1': 5 },
  kind: 'b',
  internal: 'not in the schema either',
};

describe('the response serializer', () => {
  it("writes what zod's serializer wrote: unknown keys left out, nulls, optionals, records, unions, escapes", () => {
    // Without an optional key set, byte for byte.
    expect(compile(Org)(org)).toBe(byZod(Org, org));
    const written = sameAnswer(Org, { ...org, note: 'set', last_billing: '2026-11-28T00:00:00.000Z', subscription: null, members: [] });
    expect(written).not.toContain('internal');
    const list = z.object({ data: z.array(Org), totalPages: z.number().int() });
    expect(compile(list)({ data: [org, org], totalPages: 2 })).toBe(byZod(list, { data: [org, org], totalPages: 2 }));
  });

  it('writes a union of a list and a page by the branch the answer is', () => {
    const listOrPage = z.union([z.array(Org), z.object({ data: z.array(Org), totalPages: z.number().int() })]);
    expect(compile(listOrPage)([org])).toBe(byZod(listOrPage, [org]));
    expect(compile(listOrPage)({ data: [org], totalPages: 1, extra: 1 })).toBe(byZod(listOrPage, { data: [org], totalPages: 1, extra: 1 }));
  });

  it('compiles from JSON Schema, and keeps zod for a schema JSON Schema cannot say (a date)', () => {
    expect(responseJsonSchema(Org)).toMatchObject({ type: 'object' });
    const dated = z.object({ at: z.date() });
    expect(responseJsonSchema(dated)).toBeNull();
    expect(compile(dated)({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});
