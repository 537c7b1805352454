import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import {
  evolveWebhookEndpoint,
  initialWebhookEndpointState,
  type WebhookEndpointAdded,
  type WebhookEndpointEvent,
  type WebhookEndpointState,
} from './events.ts';

export type AddWebhookEndpoint = { type: 'AddWebhookEndpoint'; data: WebhookEndpointAdded['data'] };
/** `orgId`: the organization the caller acts for; another one's endpoint is not found. */
export type RemoveWebhookEndpoint = { type: 'RemoveWebhookEndpoint'; data: { endpointId: string; orgId: string; removedBy: string; at: string } };
export type WebhookEndpointCommand = AddWebhookEndpoint | RemoveWebhookEndpoint;

export function decideWebhookEndpoint(command: WebhookEndpointCommand, state: WebhookEndpointState): WebhookEndpointEvent[] {
  switch (command.type) {
    case 'AddWebhookEndpoint':
      if (state.exists) throw new ConflictError('Webhook endpoint already exists');
      return [{ type: 'WebhookEndpointAdded', data: command.data }];
    case 'RemoveWebhookEndpoint':
      if (!state.exists || state.orgId !== command.data.orgId || state.removed) throw new NotFoundError('Webhook endpoint');
      return [{ type: 'WebhookEndpointRemoved', data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const webhookEndpointDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointState> = {
  initialState: initialWebhookEndpointState,
  evolve: evolveWebhookEndpoint,
  decide: decideWebhookEndpoint,
};
