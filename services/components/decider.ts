import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import {
  evolveComponent,
  initialComponentState,
  type ComponentDefinition,
  type ComponentEvent,
  type ComponentState,
  type ComponentType,
  type Property,
} from './events.ts';

export type DraftProperty = Omit<Property, 'type' | 'required' | 'child_type'> & {
  type?: ComponentType;
  required?: boolean;
  child_type?: ComponentType;
};
export type DraftDefinition =
  | Exclude<ComponentDefinition, { type: 'object' }>
  | { type: 'object'; description: string; structure: DraftProperty[] };

/** `childTypes` holds the type of every existing component the definition points at (looked up by the caller). */
interface ComponentFacts {
  componentId: string;
  name: string;
  definition: DraftDefinition;
  childTypes: Record<string, ComponentType>;
  at: string;
}
export type CreateComponent = { type: 'CreateComponent'; data: ComponentFacts };
export type UpdateComponent = { type: 'UpdateComponent'; data: ComponentFacts };
export type ComponentCommand = CreateComponent | UpdateComponent;

function child(id: string, expected: ComponentType | undefined, facts: ComponentFacts, field: string): ComponentType {
  const actual = facts.childTypes[id];
  if (!actual) throw new ValidationError(`${field}: component ${id} does not exist`, field);
  if (expected && expected !== actual) {
    throw new ValidationError(`${field}: component ${id} is a ${actual}, not a ${expected}`, field);
  }
  return actual;
}

/** Checks a draft against its children and fills what the client may leave out. */
export function normalize(facts: ComponentFacts): ComponentDefinition {
  const { definition } = facts;
  switch (definition.type) {
    case 'term':
      return { type: 'term', description: definition.description };
    case 'array': {
      const { min, max } = definition;
      if (!Number.isSafeInteger(min) || min < 0) throw new ValidationError('min must be a whole number of at least 0', 'min');
      if (!Number.isSafeInteger(max) || max < 0) throw new ValidationError('max must be a whole number of at least 0', 'max');
      if (min > max) throw new ValidationError(`min (${min}) must not exceed max (${max})`, 'min');
      child(definition.arrayOfComponentId, definition.arrayOfComponentType, facts, 'arrayOfComponentId');
      return { ...definition };
    }
    case 'object': {
      const seen = new Set<string>();
      const structure = definition.structure.map((p, i): Property => {
        const name = p.name.trim();
        if (!name) throw new ValidationError(`structure.${i}.name: a property needs a name`, `structure.${i}.name`);
        if (seen.has(name)) throw new ValidationError(`structure.${i}.name: "${name}" is used twice`, `structure.${i}.name`);
        seen.add(name);
        const field = `structure.${i}.child_component_id`;
        const type = child(p.child_component_id, p.type ?? p.child_type, facts, field);
        if (p.child_type && p.child_type !== type) child(p.child_component_id, p.child_type, facts, field);
        return { name, type, child_component_id: p.child_component_id, required: p.required ?? true, child_type: type };
      });
      return { type: 'object', description: definition.description, structure };
    }
  }
}

function create({ data }: CreateComponent, state: ComponentState): ComponentEvent[] {
  if (state.exists) throw new ConflictError('Component already exists');
  const definition = normalize(data);
  return [{ type: 'ComponentCreated', data: { componentId: data.componentId, name: data.name, definition, at: data.at } }];
}

function update({ data }: UpdateComponent, state: ComponentState): ComponentEvent[] {
  if (!state.exists || !state.definition) throw new NotFoundError('Component');
  if (state.definition.type !== data.definition.type) {
    throw new ValidationError(`type: a ${state.definition.type} component cannot become a ${data.definition.type}`, 'type');
  }
  const definition = normalize(data);
  if (state.name === data.name && JSON.stringify(state.definition) === JSON.stringify(definition)) return [];
  return [{ type: 'ComponentUpdated', data: { componentId: data.componentId, name: data.name, definition, at: data.at } }];
}

export function decideComponent(command: ComponentCommand, state: ComponentState): ComponentEvent[] {
  switch (command.type) {
    case 'CreateComponent':
      return create(command, state);
    case 'UpdateComponent':
      return update(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const componentDecider: Decider<ComponentCommand, ComponentEvent, ComponentState> = {
  initialState: initialComponentState,
  evolve: evolveComponent,
  decide: decideComponent,
};
