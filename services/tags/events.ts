import type { DomainEvent } from '../eventstore/types.ts';

export type TagCreated = DomainEvent<'TagCreated', { tagId: string; name: string; description: string; at: string }>;
export type TagEvent = TagCreated;

export interface TagState {
  exists: boolean;
  name: string;
}

export const tagStreamId = (tagId: string) => `tag-${tagId}`;

export const initialTagState = (): TagState => ({ exists: false, name: '' });

export function evolveTag(_state: TagState, event: TagEvent): TagState {
  switch (event.type) {
    case 'TagCreated':
      return { exists: true, name: event.data.name };
  }
}
