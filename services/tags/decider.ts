import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, ValidationError } from '../platform/errors.ts';
import { evolveTag, initialTagState, type TagEvent, type TagState } from './events.ts';

export type CreateTag = { type: 'CreateTag'; data: { tagId: string; name: string; description: string; at: string } };
export type TagCommand = CreateTag;

function create({ data }: CreateTag, state: TagState): TagEvent[] {
  if (state.exists) throw new ConflictError('Tag already exists');
  const name = data.name.trim();
  if (!name) throw new ValidationError('name: a tag needs a name', 'name');
  return [{ type: 'TagCreated', data: { ...data, name, description: data.description.trim() } }];
}

export function decideTag(command: TagCommand, state: TagState): TagEvent[] {
  switch (command.type) {
    case 'CreateTag':
      return create(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const tagDecider: Decider<TagCommand, TagEvent, TagState> = {
  initialState: initialTagState,
  evolve: evolveTag,
  decide: decideTag,
};
