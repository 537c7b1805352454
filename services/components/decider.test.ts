import { describe, expect, it } from 'vitest';
import { ValidationError } from '../platform/errors.ts';
import { decideComponent, type DraftDefinition } from './decider.ts';
import { evolveComponent, initialComponentState, type ComponentEvent, type ComponentType } from './events.ts';

const at = '2025-01-01T00:00:00.000Z';
const given = (events: ComponentEvent[]) => events.reduce(evolveComponent, initialComponentState());
const facts = (definition: DraftDefinition, childTypes: Record<string, ComponentType> = {}, name = 'Thing') => ({
  componentId: 'c1',
  name,
  definition,
  childTypes,
  at,
});
const create = (definition: DraftDefinition, childTypes?: Record<string, ComponentType>) =>
  decideComponent({ type: 'CreateComponent', data: facts(definition, childTypes) }, initialComponentState());

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.body.field as string;
    throw err;
  }
  return undefined;
}

describe('CreateComponent', () => {
  it('creates a term', () => {
    expect(create({ type: 'term', description: 'A word' })).toEqual([
      { type: 'ComponentCreated', data: { componentId: 'c1', name: 'Thing', definition: { type: 'term', description: 'A word' }, at } },
    ]);
  });

  it('refuses an array whose min exceeds max, naming min', () => {
    const draft: DraftDefinition = { type: 'array', arrayOfComponentType: 'term', arrayOfComponentId: 't', min: 4, max: 2 };
    expect(fieldOf(() => create(draft, { t: 'term' }))).toBe('min');
  });

  it('refuses a negative or fractional bound', () => {
    const draft = (min: number, max: number): DraftDefinition => ({ type: 'array', arrayOfComponentType: 'term', arrayOfComponentId: 't', min, max });
    expect(fieldOf(() => create(draft(-1, 2), { t: 'term' }))).toBe('min');
    expect(fieldOf(() => create(draft(0, 2.5), { t: 'term' }))).toBe('max');
  });

  it('refuses an array of a missing child or of a child of another type', () => {
    const draft: DraftDefinition = { type: 'array', arrayOfComponentType: 'object', arrayOfComponentId: 't', min: 0, max: 2 };
    expect(fieldOf(() => create(draft, {}))).toBe('arrayOfComponentId');
    expect(fieldOf(() => create(draft, { t: 'term' }))).toBe('arrayOfComponentId');
  });

  it('fills type, child_type and required of object properties from the children', () => {
    const [event] = create({ type: 'object', description: 'd', structure: [{ name: ' who ', child_component_id: 't' }] }, { t: 'term' });
    expect(event.data.definition).toEqual({
      type: 'object',
      description: 'd',
      structure: [{ name: 'who', type: 'term', child_component_id: 't', required: true, child_type: 'term' }],
    });
  });

  it('refuses a property name used twice, naming the second one', () => {
    const structure = [
      { name: 'who', child_component_id: 't' },
      { name: 'who', child_component_id: 'u', required: false },
    ];
    expect(fieldOf(() => create({ type: 'object', description: '', structure }, { t: 'term', u: 'term' }))).toBe('structure.1.name');
  });

  it('refuses a property whose child is missing or of another type than declared', () => {
    const structure = (type: ComponentType) => [{ name: 'a', type, child_component_id: 't' }];
    expect(fieldOf(() => create({ type: 'object', description: '', structure: structure('term') }, {}))).toBe('structure.0.child_component_id');
    expect(fieldOf(() => create({ type: 'object', description: '', structure: structure('array') }, { t: 'term' }))).toBe(
      'structure.0.child_component_id',
    );
  });

  it('refuses to create twice', () => {
    const state = given(create({ type: 'term', description: '' }));
    expect(() => decideComponent({ type: 'CreateComponent', data: facts({ type: 'term', description: '' }) }, state)).toThrow(
      'Component already exists',
    );
  });
});

describe('UpdateComponent', () => {
  const state = given(create({ type: 'term', description: 'old' }));

  it('records a change and nothing for a repeat', () => {
    const update = (description: string) =>
      decideComponent({ type: 'UpdateComponent', data: facts({ type: 'term', description }) }, state);
    expect(update('new')).toMatchObject([{ type: 'ComponentUpdated', data: { definition: { description: 'new' } } }]);
    expect(update('old')).toEqual([]);
  });

  it('refuses to change the type, naming type', () => {
    const draft: DraftDefinition = { type: 'object', description: '', structure: [] };
    expect(fieldOf(() => decideComponent({ type: 'UpdateComponent', data: facts(draft) }, state))).toBe('type');
  });

  it('answers not found for a component that does not exist', () => {
    expect(() =>
      decideComponent({ type: 'UpdateComponent', data: facts({ type: 'term', description: '' }) }, initialComponentState()),
    ).toThrow('Component not found');
  });
});
