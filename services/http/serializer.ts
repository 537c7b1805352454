import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']` when X is a plain typed
 * schema: fast-json-stringify writes the second without running a validator to pick the branch.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplified(v)]));
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && typeof other?.type === 'string' && other.type !== 'null' && !('anyOf' in other) && !('oneOf' in other) && !('$ref' in other)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** A response schema as JSON Schema, or null when JSON Schema cannot say it exactly (a transform, a date, a custom check). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    return simplified(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Responses are written by fast-json-stringify (Fastify's own serializer), compiled once per route from
 * the JSON Schema of its zod response schema: only the schema's properties are written, as zod's
 * encode kept them, without parsing the answer again per request. A schema JSON Schema cannot say
 * exactly keeps zod's serializer (parsed, then JSON.stringify).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const byShape = route.schema instanceof z.ZodUnion ? listOrPage(route.schema.options as z.ZodType[]) : null;
  if (byShape) return byShape;
  const json = route.schema instanceof z.ZodType ? responseJsonSchema(route.schema) : null;
  if (!json) return zodSerializer(route as Parameters<typeof zodSerializer>[0]);
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]);
};

/**
 * A union of a list and an object (every row, or a page of them: the admin lists) written by the
 * branch the answer's shape names; compiled as one anyOf, fast-json-stringify would validate the
 * answer against the list's schema first to choose.
 */
function listOrPage(options: z.ZodType[]): ((data: unknown) => string) | null {
  const schemas = options.map(responseJsonSchema);
  const list = schemas.findIndex((s) => s?.type === 'array');
  const object = schemas.findIndex((s) => s?.type === 'object');
  if (options.length !== 2 || list < 0 || object < 0) return null;
  const [writeList, writeObject] = [schemas[list], schemas[object]].map((s) => fastJson(s as unknown as Parameters<typeof fastJson>[0]));
  return (data) => (Array.isArray(data) ? writeList(data) : writeObject(data));
}
