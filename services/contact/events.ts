import type { DomainEvent } from '../eventstore/types.ts';

/** A message sent through the built-in contact form; `userId` is the sender's account when signed in. */
export type ContactMessageReceived = DomainEvent<
  'ContactMessageReceived',
  { messageId: string; name: string; email: string; message: string; userId: string | null; at: string }
>;
export type ContactEvent = ContactMessageReceived;

export interface ContactState {
  exists: boolean;
}

export const contactStreamId = (messageId: string) => `contact-${messageId}`;

export const initialContactState = (): ContactState => ({ exists: false });

export function evolveContact(_state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { exists: true };
  }
}
