import { randomUUID } from 'node:crypto';
import type { Tx as Transaction } from '../eventstore/transaction.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import type { Queryable } from '../eventstore/store.ts';
import { tagDecider } from './decider.ts';
import { tagStreamId } from './events.ts';

export const TAG_NAME = 'tag_name';

/** The id of the tag of this name (any case), if there is one. Reservations are written with the event: never stale. */
export const tagIdByName = (db: Queryable, name: string) => reservationOwner(db, TAG_NAME, name);

/** Creates a tag inside the caller's transaction; a name taken meanwhile is a duplicate (409). */
export async function createTag(tx: Transaction, name: string, description: string, metadata: EventMetadata): Promise<string> {
  const tagId = randomUUID();
  await tx.run(tagDecider, tagStreamId(tagId), { type: 'CreateTag', data: { tagId, name, description, at: new Date().toISOString() } }, {
    metadata,
    expected: 'no_stream',
  });
  await reserve(tx.client, TAG_NAME, name, tagId, 'name');
  return tagId;
}
