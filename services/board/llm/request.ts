import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { FUNCTION_NAME_PATTERN } from '../../assistants/events.ts';
import { SchemaError, type JsonSchema } from '../../components/json-schema.ts';

export type StrictSchema = { [key: string]: unknown };

/**
 * The compiled output schema as OpenAI's strict mode wants it: every object lists all its
 * properties as required, and a property the component marks optional may be null instead.
 * (The compiler already closes every object with `additionalProperties: false`.)
 */
export function strictSchema(schema: JsonSchema): StrictSchema {
  switch (schema.type) {
    case 'string':
      return { ...schema };
    case 'array':
      return { ...schema, items: strictSchema(schema.items) };
    case 'object': {
      const properties: Record<string, StrictSchema> = {};
      for (const [key, child] of Object.entries(schema.properties)) {
        const strict = strictSchema(child);
        properties[key] = schema.required.includes(key) ? strict : { anyOf: [strict, { type: 'null' }] };
      }
      return { ...schema, properties, required: Object.keys(properties), additionalProperties: false };
    }
  }
}

/** A name a provider accepts (`^[a-zA-Z0-9_-]{1,64}$`): other characters become `_`. */
export function providerName(name: string, fallback: string): string {
  if (FUNCTION_NAME_PATTERN.test(name)) return name;
  const cleaned = name.trim().replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return cleaned || fallback;
}

/** `response_format` for an assistant whose output components compiled to `schema`. */
export function responseFormatFor(name: string, schema: JsonSchema): ResponseFormatJSONSchema {
  if (schema.type !== 'object') {
    throw new SchemaError('output_not_object', `The output of ${name} must be an object component, not a ${schema.type}`);
  }
  return { type: 'json_schema', json_schema: { name: providerName(name, 'answer'), schema: strictSchema(schema), strict: true } };
}

export interface AssistantFunctionRef {
  name: string;
  description: string;
}

/**
 * The assistant's functions as `tools`. They take no arguments (the designer gives them none).
 * Names saved before the name rule existed are made acceptable, and kept distinct.
 */
export function toolsFor(functions: readonly AssistantFunctionRef[]): ChatCompletionFunctionTool[] {
  const used = new Set<string>();
  return functions.map((f) => {
    const base = providerName(f.name, 'function');
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 60)}_${n}`;
    used.add(name.toLowerCase());
    return {
      type: 'function',
      function: {
        name,
        ...(f.description ? { description: f.description } : {}),
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    };
  });
}
