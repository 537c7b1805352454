import { toComponent } from '../../projections/components/queries.ts';
import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import { componentDecider } from './decider.ts';
import { componentStreamId, type ComponentState } from './events.ts';
import type { Component } from './schemas.ts';

/** The components of these ids that exist, from their own streams (a read model may not show one created a moment ago). */
export async function componentsOf(store: EventStore, ids: string[]): Promise<Map<string, ComponentState>> {
  const unique = [...new Set(ids)];
  const states = await Promise.all(unique.map((id) => loadState(store, componentDecider, componentStreamId(id))));
  return new Map(unique.flatMap((id, i) => (states[i].exists && states[i].definition ? [[id, states[i]] as const] : [])));
}

/** A component as its command's answer shows it (children named), from its stream. */
export function componentView(id: string, state: ComponentState, children: Map<string, ComponentState>): Component {
  const names = new Map([...children].map(([childId, c]) => [childId, c.name]));
  return toComponent(
    { id, name: state.name, type: state.definition!.type, definition: state.definition!, created_at: new Date(state.createdAt!), updated_at: new Date(state.updatedAt!) },
    names,
  );
}
