import { ValidationError } from '../platform/errors.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { reservationOwner } from '../eventstore/reservations.ts';
import type { EventStore } from '../eventstore/store.ts';
import { loadState } from '../eventstore/command-handler.ts';
import { componentDecider } from '../components/decider.ts';
import { COMPONENT_NAME, componentStreamId } from '../components/events.ts';
import { tagDecider } from '../tags/decider.ts';
import { tagStreamId } from '../tags/events.ts';
import { isUuid } from '../platform/ids.ts';
import type { Tx as Transaction } from '../eventstore/transaction.ts';
import { createTag, tagIdByName } from '../tags/store.ts';
import type { AssistantInput } from './schemas.ts';

type TagRefs = NonNullable<AssistantInput['tags']>;

/** Comma-separated text or a list of ids, names or {id, name}: trimmed, blanks dropped. */
export function tagTokens(tags: TagRefs): { id?: string; name?: string }[] {
  const list = typeof tags === 'string' ? tags.split(',') : tags;
  return list
    .map((t) => (typeof t === 'string' ? (isUuid(t.trim()) ? { id: t.trim() } : { name: t.trim() }) : { id: t.id?.trim(), name: t.name?.trim() }))
    .filter((t) => t.id || t.name);
}

/** Tag ids in the order given; names not known yet become new tags inside the caller's transaction. Read from the streams, never a read model. */
export async function resolveTags(store: EventStore, tx: Transaction, tags: TagRefs, metadata: EventMetadata): Promise<string[]> {
  const ids: string[] = [];
  for (const token of tagTokens(tags)) {
    let id: string | null = null;
    if (token.id && isUuid(token.id)) {
      id = (await loadState(store, tagDecider, tagStreamId(token.id), tx.client)).exists ? token.id : null;
    }
    if (!id && token.name) id = (await tagIdByName(tx.client, token.name)) ?? (await createTag(tx, token.name, '', metadata));
    if (!id) throw new ValidationError(`tags: tag ${token.id} does not exist`, 'tags');
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A component's id from its id or its name (names are unique, any case), with its type: from the reservations and its stream. */
async function findComponent(store: EventStore, ref: string): Promise<{ id: string; type: string; name: string } | null> {
  const id = isUuid(ref) ? ref : await reservationOwner(store.pool, COMPONENT_NAME, ref);
  if (!id) return null;
  const component = await loadState(store, componentDecider, componentStreamId(id));
  return component.exists && component.definition ? { id, type: component.definition.type, name: component.name } : null;
}

export async function resolveOutputComponents(store: EventStore, refs: string | string[]): Promise<string[]> {
  const list = (typeof refs === 'string' ? refs.split(',') : refs).map((r) => r.trim()).filter(Boolean);
  const ids: string[] = [];
  for (const ref of list) {
    const found = await findComponent(store, ref);
    if (!found) throw new ValidationError(`output_component_id: component ${ref} does not exist`, 'output_component_id');
    if (found.type !== 'object') {
      throw new ValidationError(`output_component_id: ${found.name} is a ${found.type}; outputs are object components`, 'output_component_id');
    }
    if (!ids.includes(found.id)) ids.push(found.id);
  }
  return ids;
}

export async function resolveReturnsComponent(store: EventStore, ref: string | null | undefined): Promise<string | null> {
  if (!ref) return null;
  const found = await findComponent(store, ref);
  if (!found) throw new ValidationError(`returns_component: component ${ref} does not exist`, 'returns_component');
  return found.id;
}
