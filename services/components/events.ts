import type { DomainEvent } from '../eventstore/types.ts';

export const COMPONENT_TYPES = ['term', 'array', 'object'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export interface Property {
  name: string;
  type: ComponentType;
  child_component_id: string;
  required: boolean;
  child_type: ComponentType;
}

export type TermDefinition = { type: 'term'; description: string };
export type ArrayDefinition = {
  type: 'array';
  arrayOfComponentType: ComponentType;
  arrayOfComponentId: string;
  min: number;
  max: number;
};
export type ObjectDefinition = { type: 'object'; description: string; structure: Property[] };
export type ComponentDefinition = TermDefinition | ArrayDefinition | ObjectDefinition;

export type ComponentCreated = DomainEvent<
  'ComponentCreated',
  { componentId: string; name: string; definition: ComponentDefinition; at: string }
>;
export type ComponentUpdated = DomainEvent<
  'ComponentUpdated',
  { componentId: string; name: string; definition: ComponentDefinition; at: string }
>;
export type ComponentEvent = ComponentCreated | ComponentUpdated;

export interface ComponentState {
  exists: boolean;
  name: string;
  definition: ComponentDefinition | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export const componentStreamId = (componentId: string) => `component-${componentId}`;

export const initialComponentState = (): ComponentState => ({ exists: false, name: '', definition: null, createdAt: null, updatedAt: null });

export function evolveComponent(state: ComponentState, event: ComponentEvent): ComponentState {
  switch (event.type) {
    case 'ComponentCreated':
    case 'ComponentUpdated':
      return { exists: true, name: event.data.name, definition: event.data.definition, createdAt: state.createdAt ?? event.data.at, updatedAt: event.data.at };
  }
}

/** The components a definition points at, in order. */
export function childIds(definition: ComponentDefinition): string[] {
  switch (definition.type) {
    case 'term':
      return [];
    case 'array':
      return [definition.arrayOfComponentId];
    case 'object':
      return definition.structure.map((p) => p.child_component_id);
  }
}

/** Reservation kind of component names: unique across all types, any case. */
export const COMPONENT_NAME = 'component_name';
