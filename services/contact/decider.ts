import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, ValidationError } from '../platform/errors.ts';
import { evolveContact, initialContactState, type ContactEvent, type ContactState } from './events.ts';

export type SendContactMessage = {
  type: 'SendContactMessage';
  data: { messageId: string; name: string; email: string; message: string; userId: string | null; at: string };
};
export type ContactCommand = SendContactMessage;

function send({ data }: SendContactMessage, state: ContactState): ContactEvent[] {
  if (state.exists) throw new ConflictError('Message already received');
  const name = data.name.trim();
  const message = data.message.trim();
  if (!name) throw new ValidationError('name is required', 'name');
  if (!message) throw new ValidationError('message is required', 'message');
  return [{ type: 'ContactMessageReceived', data: { ...data, name, message, email: data.email.trim().toLowerCase() } }];
}

export function decideContact(command: ContactCommand, state: ContactState): ContactEvent[] {
  switch (command.type) {
    case 'SendContactMessage':
      return send(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: initialContactState,
  evolve: evolveContact,
  decide: decideContact,
};
