import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { compileOutput, SchemaError, type ComponentNode } from '../../components/json-schema.ts';
import type { Property } from '../../components/events.ts';
import { providerName, responseFormatFor, strictSchema, toolsFor } from './request.ts';

const term = (id: string): ComponentNode => ({ id, name: id, definition: { type: 'term', description: `${id} text` } });
const prop = (name: string, child: ComponentNode, required = true): Property => ({
  name,
  type: child.definition.type,
  child_component_id: child.id,
  required,
  child_type: child.definition.type,
});
const object = (id: string, structure: Property[]): ComponentNode => ({ id, name: id, definition: { type: 'object', description: `${id} object`, structure } });

/** Report {summary, owner?, actions: 1..3 of Action {step, due?}} — optional fields at two depths, an array of objects. */
function reportLookup() {
  const step = term('step');
  const due = term('due');
  const action = object('Action', [prop('step', step), prop('due', due, false)]);
  const actions: ComponentNode = {
    id: 'actions',
    name: 'actions',
    definition: { type: 'array', arrayOfComponentType: 'object', arrayOfComponentId: 'Action', min: 1, max: 3 },
  };
  const summary = term('summary');
  const owner = term('owner');
  const report = object('Weekly Report', [prop('summary', summary), prop('owner', owner, false), prop('actions', actions)]);
  return new Map([step, due, action, actions, summary, owner, report].map((n) => [n.id, n]));
}

describe('responseFormatFor', () => {
  it('turns the compiled output into a strict json_schema response format that OpenAI’s own strict check accepts unchanged', () => {
    const schema = compileOutput(['Weekly Report'], reportLookup());
    expect(() => toStrictJsonSchema(schema as never)).toThrow(/optional/);
    const format = responseFormatFor('Weekly Report', schema);
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('Weekly_Report');
    expect(format.json_schema.strict).toBe(true);
    expect(toStrictJsonSchema(format.json_schema.schema as never)).toEqual(format.json_schema.schema);
  });

  it('makes every property required and lets the optional ones be null, keeping descriptions and array bounds', () => {
    const strict = strictSchema(compileOutput(['Weekly Report'], reportLookup())) as Record<string, any>;
    expect(strict.required).toEqual(['summary', 'owner', 'actions']);
    expect(strict.properties.owner).toEqual({ anyOf: [{ type: 'string', description: 'owner text' }, { type: 'null' }] });
    expect(strict.properties.summary).toEqual({ type: 'string', description: 'summary text' });
    expect(strict.properties.actions).toMatchObject({ type: 'array', minItems: 1, maxItems: 3 });
    const action = strict.properties.actions.items;
    expect(action).toMatchObject({ type: 'object', required: ['step', 'due'], additionalProperties: false, description: 'Action object' });
    expect(action.properties.due.anyOf[1]).toEqual({ type: 'null' });
  });

  it('wraps several output components in one object, each under its name', () => {
    const lookup = reportLookup();
    const format = responseFormatFor('Advisor', compileOutput(['Weekly Report', 'Action'], lookup));
    expect(Object.keys((format.json_schema.schema as any).properties)).toEqual(['Weekly Report', 'Action']);
    expect(toStrictJsonSchema(format.json_schema.schema as never)).toEqual(format.json_schema.schema);
  });

  it('refuses an output that is not an object, as providers want an object at the root', () => {
    expect(() => responseFormatFor('x', { type: 'string', description: 'd' })).toThrow(SchemaError);
  });
});

describe('providerName', () => {
  it('keeps an acceptable name and rewrites others to letters, digits, _ and -, at most 64', () => {
    expect(providerName('lookup_company-2', 'f')).toBe('lookup_company-2');
    expect(providerName('Look up: company!', 'f')).toBe('Look_up_company');
    expect(providerName('é'.repeat(10), 'fallback')).toBe('fallback');
    expect(providerName('a'.repeat(80), 'f')).toHaveLength(64);
  });
});

describe('toolsFor', () => {
  it('describes each function as a tool without arguments', () => {
    expect(toolsFor([{ name: 'fetch_market_data', description: 'Looks up the market' }])).toEqual([
      {
        type: 'function',
        function: {
          name: 'fetch_market_data',
          description: 'Looks up the market',
          parameters: { type: 'object', properties: {}, additionalProperties: false },
        },
      },
    ]);
  });

  it('makes names saved before the name rule acceptable and distinct', () => {
    const names = toolsFor([
      { name: 'market data', description: '' },
      { name: 'market_data', description: '' },
      { name: 'Market-Data?', description: '' },
    ]).map((t) => t.function.name);
    expect(names).toEqual(['market_data', 'market_data_2', 'Market-Data']);
    expect(toolsFor([{ name: 'x', description: '' }])[0].function).not.toHaveProperty('description');
  });
});
