import { describe, expect, it } from 'vitest';
import type { ComponentDefinition, Property } from './events.ts';
import { compileComponent, compileOutput, ComponentCycleError, findCycle, SchemaError, type ComponentNode } from './json-schema.ts';

const lookupOf = (...nodes: ComponentNode[]) => new Map(nodes.map((n) => [n.id, n]));
const term = (id: string, description = `${id} text`): ComponentNode => ({ id, name: id, definition: { type: 'term', description } });
const array = (id: string, of: ComponentNode, min = 0, max = 5): ComponentNode => ({
  id,
  name: id,
  definition: { type: 'array', arrayOfComponentType: of.definition.type, arrayOfComponentId: of.id, min, max },
});
const prop = (name: string, child: ComponentNode, required = true): Property => ({
  name,
  type: child.definition.type,
  child_component_id: child.id,
  required,
  child_type: child.definition.type,
});
const object = (id: string, structure: Property[], description = ''): ComponentNode => ({
  id,
  name: id,
  definition: { type: 'object', description, structure },
});
const point = (from: ComponentNode, definition: ComponentDefinition): ComponentNode => ({ ...from, definition });

describe('compileComponent', () => {
  it('turns a term into a described string', () => {
    expect(compileComponent('summary', lookupOf(term('summary', 'One paragraph')))).toEqual({
      type: 'string',
      description: 'One paragraph',
    });
  });

  it('inlines nested objects to any depth, with required properties and no extra ones', () => {
    const name = term('name');
    const city = term('city');
    const address = object('address', [prop('city', city)]);
    const owner = object('owner', [prop('name', name), prop('address', address, false)], 'Who owns it');
    const company = object('company', [prop('owner', owner)]);

    expect(compileComponent('company', lookupOf(name, city, address, owner, company))).toEqual({
      type: 'object',
      properties: {
        owner: {
          type: 'object',
          description: 'Who owns it',
          properties: {
            name: { type: 'string', description: 'name text' },
            address: {
              type: 'object',
              properties: { city: { type: 'string', description: 'city text' } },
              required: ['city'],
              additionalProperties: false,
            },
          },
          required: ['name'],
          additionalProperties: false,
        },
      },
      required: ['owner'],
      additionalProperties: false,
    });
  });

  it('compiles an array of objects with minItems and maxItems', () => {
    const step = term('step');
    const action = object('action', [prop('step', step), prop('owner', term('owner'), false)]);
    const plan = array('plan', action, 1, 3);
    const lookup = lookupOf(step, term('owner'), action, plan);

    expect(compileComponent('plan', lookup)).toEqual({
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        properties: {
          step: { type: 'string', description: 'step text' },
          owner: { type: 'string', description: 'owner text' },
        },
        required: ['step'],
        additionalProperties: false,
      },
    });
  });

  it('compiles arrays of arrays', () => {
    const cell = term('cell');
    const row = array('row', cell, 2, 2);
    const grid = array('grid', row, 0, 9);
    expect(compileComponent('grid', lookupOf(cell, row, grid))).toEqual({
      type: 'array',
      minItems: 0,
      maxItems: 9,
      items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', description: 'cell text' } },
    });
  });

  it('inlines a child shared by two parents twice: sharing is not a cycle', () => {
    const money = term('money');
    const both = object('both', [prop('cost', money), prop('price', money)]);
    const schema = compileComponent('both', lookupOf(money, both));
    expect(schema).toMatchObject({ properties: { cost: { type: 'string' }, price: { type: 'string' } } });
  });

  it('refuses a cycle through an object and an array, naming the components in order', () => {
    const leaf = term('leaf');
    const placeholder = object('node', [prop('leaf', leaf)]);
    const children = array('children', placeholder);
    const node = point(placeholder, { type: 'object', description: '', structure: [prop('leaf', leaf), prop('children', children)] });
    const tree = object('tree', [prop('root', node)]);
    const lookup = lookupOf(leaf, node, children, tree);

    const error = (() => {
      try {
        compileComponent('tree', lookup);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(ComponentCycleError);
    expect((error as ComponentCycleError).cycle).toEqual(['node', 'children', 'node']);
    expect((error as Error).message).toBe('Components form a cycle: node → children → node');
    expect((error as ComponentCycleError).statusCode).toBe(422);
  });

  it('refuses an array that contains itself', () => {
    const self: ComponentNode = {
      id: 'self',
      name: 'Self',
      definition: { type: 'array', arrayOfComponentType: 'array', arrayOfComponentId: 'self', min: 0, max: 1 },
    };
    expect(() => compileComponent('self', lookupOf(self))).toThrow('Components form a cycle: Self → Self');
  });

  it('refuses a child that does not exist, naming its parent', () => {
    const orphan = object('orphan', [{ name: 'x', type: 'term', child_component_id: 'gone', required: true, child_type: 'term' }]);
    expect(() => compileComponent('orphan', lookupOf(orphan))).toThrow(SchemaError);
    expect(() => compileComponent('orphan', lookupOf(orphan))).toThrow('orphan refers to component gone, which does not exist');
  });
});

describe('findCycle', () => {
  it('answers null for a tree and the loop for a graph with one', () => {
    const a = term('a');
    const b = object('b', [prop('a', a)]);
    expect(findCycle(['b'], lookupOf(a, b))).toBeNull();
    const c = object('c', []);
    const d = object('d', [prop('c', c)]);
    const looped = point(c, { type: 'object', description: '', structure: [prop('d', d)] });
    expect(findCycle(['d'], lookupOf(looped, d))).toEqual(['d', 'c', 'd']);
  });
});

describe('compileOutput', () => {
  const summary = term('summary');
  const report = object('report', [prop('summary', summary)]);
  const risks = object('risks', [prop('summary', summary, false)]);
  const lookup = lookupOf(summary, report, risks);

  it('answers the schema of a single output component as it is', () => {
    expect(compileOutput(['report'], lookup)).toEqual(compileComponent('report', lookup));
  });

  it('wraps several output components in an object keyed by their names', () => {
    expect(compileOutput(['report', 'risks'], lookup)).toEqual({
      type: 'object',
      properties: { report: compileComponent('report', lookup), risks: compileComponent('risks', lookup) },
      required: ['report', 'risks'],
      additionalProperties: false,
    });
  });

  it('refuses an assistant without output components', () => {
    expect(() => compileOutput([], lookup)).toThrow('The assistant has no output components');
  });
});
