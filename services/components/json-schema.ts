import { DomainError } from '../platform/errors.ts';
import { childIds, type ComponentDefinition } from './events.ts';

export interface ComponentNode {
  id: string;
  name: string;
  definition: ComponentDefinition;
}
export type ComponentLookup = ReadonlyMap<string, ComponentNode>;

export type JsonSchema =
  | { type: 'string'; description: string }
  | { type: 'array'; items: JsonSchema; minItems: number; maxItems: number }
  | {
      type: 'object';
      description?: string;
      properties: Record<string, JsonSchema>;
      required: string[];
      additionalProperties: false;
    };

/** Components that cannot become a schema: answered 422 with what is wrong. */
export class SchemaError extends DomainError {
  constructor(code: string, message: string, body: Record<string, unknown> = {}) {
    super(422, code, message, body);
  }
}

export class ComponentCycleError extends SchemaError {
  constructor(readonly cycle: string[]) {
    super('component_cycle', `Components form a cycle: ${cycle.join(' → ')}`, { cycle });
  }
}

const MAX_NODES = 10_000;

function node(id: string, lookup: ComponentLookup, parent?: ComponentNode): ComponentNode {
  const found = lookup.get(id);
  if (found) return found;
  const where = parent ? `${parent.name} refers to` : 'Unknown';
  throw new SchemaError('missing_component', `${where} component ${id}, which does not exist`, { componentId: id });
}

/** The first cycle reachable from `roots`, as component names (first name repeated at the end), or null. */
export function findCycle(roots: readonly string[], lookup: ComponentLookup): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (id: string, parent?: ComponentNode): string[] | null => {
    if (onPath.has(id)) {
      const from = path.indexOf(id);
      return [...path.slice(from), id].map((step) => lookup.get(step)?.name ?? step);
    }
    if (done.has(id)) return null;
    const current = node(id, lookup, parent);
    path.push(id);
    onPath.add(id);
    for (const child of childIds(current.definition)) {
      const cycle = visit(child, current);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(id);
    done.add(id);
    return null;
  };
  for (const root of roots) {
    const cycle = visit(root);
    if (cycle) return cycle;
  }
  return null;
}

/** The JSON Schema of one component, its children inlined to any depth. */
export function compileComponent(id: string, lookup: ComponentLookup): JsonSchema {
  const cycle = findCycle([id], lookup);
  if (cycle) throw new ComponentCycleError(cycle);
  let budget = MAX_NODES;
  const compile = (current: ComponentNode): JsonSchema => {
    if (--budget < 0) throw new SchemaError('schema_too_large', `The schema of ${lookup.get(id)?.name} has more than ${MAX_NODES} parts`);
    const definition = current.definition;
    switch (definition.type) {
      case 'term':
        return { type: 'string', description: definition.description };
      case 'array':
        return {
          type: 'array',
          items: compile(node(definition.arrayOfComponentId, lookup, current)),
          minItems: definition.min,
          maxItems: definition.max,
        };
      case 'object': {
        const properties: Record<string, JsonSchema> = {};
        for (const p of definition.structure) properties[p.name] = compile(node(p.child_component_id, lookup, current));
        return {
          type: 'object',
          ...(definition.description ? { description: definition.description } : {}),
          properties,
          required: definition.structure.filter((p) => p.required).map((p) => p.name),
          additionalProperties: false,
        };
      }
    }
  };
  return compile(node(id, lookup));
}

/**
 * What a model call is asked to return for an assistant: its one output component, or, when it
 * has several, an object holding each under the component's name.
 */
export function compileOutput(outputIds: readonly string[], lookup: ComponentLookup): JsonSchema {
  if (outputIds.length === 0) {
    throw new SchemaError('no_output_components', 'The assistant has no output components', { field: 'output_component_id' });
  }
  if (outputIds.length === 1) return compileComponent(outputIds[0], lookup);
  const properties: Record<string, JsonSchema> = {};
  for (const id of outputIds) properties[node(id, lookup).name] = compileComponent(id, lookup);
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}
