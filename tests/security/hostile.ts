import fc from 'fast-check';

/** A JSON Schema node as @fastify/swagger writes it for our zod schemas (the parts we read). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
}

export const MEGA = 'A'.repeat(1024 * 1024);

const SQL = [
  "' OR 1=1 --",
  "'; DROP TABLE events; --",
  "1; SELECT pg_sleep(5)",
  '" OR ""="',
  "id; DELETE FROM orgs",
  "' UNION SELECT id, email FROM users --",
  'id DESC, (SELECT 1/0)',
  'created_at; TRUNCATE sessions',
  '$1',
  "%' AND '1'='1",
];
const HTML = ['<script>window.__xss=1</script>', '<img src=x onerror="window.__xss=1">', 'javascript:alert(1)', '"><svg onload=alert(1)>', '{{7*7}}', '${7*7}'];
const ODD = ['', ' ', '\u0000', '\uFFFF', '\uD800', '𝕏🔥👩‍👩‍👧', '\u202Eevil', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '../../etc/passwd', '%00', '%2e%2e%2f', '__proto__', 'constructor', 'prototype', 'ＡＤＭＩＮ'];
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL, ...HTML, ...ODD), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 40, unit: 'binary' }), weight: 1 },
  { arbitrary: fc.constant(MEGA), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0.5, 0, 0.5, 1.5, -(2 ** 53), 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An object with own keys named __proto__ / constructor (JSON.stringify keeps them; a literal would not). */
export function own(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const pollution = fc.record({ polluted: fc.constant('yes'), isAdmin: fc.constant(true), permissions: fc.constant(['admin']) });

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .tuple(fc.dictionary(fc.constantFrom('name', 'id', 'type', 'amount', 'x'), tie('value'), { maxKeys: 3 }), fc.subarray(POLLUTION_KEYS), pollution)
      .map(([base, keys, payload]) => own([...Object.entries(base), ...keys.map((k): [string, unknown] => [k, payload])])),
  ),
})).value;

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** Values shaped by a schema (so that requests get past the first check and into the handlers), often spoiled. */
export function fromSchema(schema: Schema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, ids, depth + 1)));
  if (schema.enum) return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 4 }, { arbitrary: hostileString, weight: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  const shaped = shapedBy(schema, ids, depth);
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

function shapedBy(schema: Schema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
      return fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), hostileString, fc.constantFrom(...ids));
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1000) }), hostileNumber);
    case 'number':
      return fc.oneof(fc.double({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1000), noNaN: true }), hostileNumber);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileValue);
    case 'array':
      return fc.array(fromSchema(schema.items, ids, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const fields = props.map(([name, sub]) =>
        fc.option(fromSchema(sub, ids, depth + 1), { freq: required.has(name) ? 8 : 2, nil: undefined }).map((v) => [name, v] as [string, unknown]),
      );
      return fc
        .tuple(fc.tuple(...fields), fc.subarray(POLLUTION_KEYS), pollution)
        .map(([entries, keys, payload]) =>
          own([...entries.filter(([, v]) => v !== undefined), ...keys.map((k): [string, unknown] => [k, payload])]),
        );
    }
    default:
      return hostileValue;
  }
}

/** A path segment: a known id, a random uuid or something hostile (kept under URL length limits). */
export const pathSegment = (ids: string[]) =>
  fc.oneof(fc.constantFrom(...ids), fc.uuid(), hostileString.filter((s) => s.length < 4000), fc.constant('x'.repeat(300)));

/** Encodes anything, lone surrogates included, as a URL component. */
export const encode = (value: unknown) => {
  const text = String(typeof value === 'object' ? JSON.stringify(value) : value).replace(LONE_SURROGATE, '\uFFFD');
  // A path segment of . or .. would be resolved away by the client before it is sent.
  return /^\.{1,2}$/.test(text) ? text.replaceAll('.', '%2E') : encodeURIComponent(text);
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
