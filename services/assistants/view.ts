import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { componentDecider } from '../components/decider.ts';
import { componentStreamId } from '../components/events.ts';
import { tagDecider } from '../tags/decider.ts';
import { tagStreamId } from '../tags/events.ts';
import type { AssistantState } from './events.ts';
import type { Assistant } from './schemas.ts';

/** The names of these tags or components, read from their own streams (those created in the same command too). */
async function namesOf(store: EventStore, kind: 'tag' | 'component', ids: string[], client?: Queryable): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const states = await Promise.all(
    unique.map((id) => (kind === 'tag' ? loadState(store, tagDecider, tagStreamId(id), client) : loadState(store, componentDecider, componentStreamId(id), client))),
  );
  return new Map(unique.flatMap((id, i) => (states[i].exists ? [[id, states[i].name] as const] : [])));
}

const named = (ids: string[], names: Map<string, string>) => ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));

/**
 * An assistant as the API shows it, from its stream: a command answers with what its own events
 * say, never with a read model that may not have caught up yet.
 */
export async function assistantView(store: EventStore, assistantId: string, state: AssistantState): Promise<Assistant> {
  const fields = state.fields!;
  const returns = state.functions.flatMap((f) => (f.returnsComponent ? [f.returnsComponent] : []));
  const [tags, components] = await Promise.all([namesOf(store, 'tag', fields.tagIds), namesOf(store, 'component', [...fields.outputComponentIds, ...returns])]);
  return {
    id: assistantId,
    name: fields.name,
    description: fields.description,
    task: fields.task,
    model: fields.model,
    tags: named(fields.tagIds, tags),
    ready_to_deploy: fields.readyToDeploy,
    output_component_id: fields.outputComponentIds,
    output_components: named(fields.outputComponentIds, components),
    functions: state.functions.map((f) => ({
      id: f.functionId,
      name: f.name,
      description: f.description,
      returns_component: f.returnsComponent,
      returns_component_name: f.returnsComponent ? (components.get(f.returnsComponent) ?? null) : null,
    })),
    created_at: new Date(state.createdAt!).toISOString(),
    updated_at: new Date(state.updatedAt!).toISOString(),
  };
}
