import type { DomainEvent } from '../eventstore/types.ts';

/** What an organization's systems may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'credits.granted',
  'credits.low',
  'credits.depleted',
  'credits.expired',
  'hold.expired',
  'plan.changed',
  'auto_top_up.failed',
  'board.action_items',
  'budget.threshold',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The signing secret is not in the event (the log is shown in the audit history): it is kept beside it, in webhook_secrets. */
export type WebhookEndpointAdded = DomainEvent<
  'WebhookEndpointAdded',
  { endpointId: string; orgId: string; url: string; events: WebhookEventType[]; createdBy: string; at: string }
>;
export type WebhookEndpointRemoved = DomainEvent<'WebhookEndpointRemoved', { endpointId: string; orgId: string; removedBy: string; at: string }>;
export type WebhookEndpointEvent = WebhookEndpointAdded | WebhookEndpointRemoved;

export interface WebhookEndpointState {
  exists: boolean;
  orgId: string;
  removed: boolean;
}

export const webhookEndpointStreamId = (endpointId: string) => `webhook_endpoint-${endpointId}`;

export const initialWebhookEndpointState = (): WebhookEndpointState => ({ exists: false, orgId: '', removed: false });

export function evolveWebhookEndpoint(state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState {
  switch (event.type) {
    case 'WebhookEndpointAdded':
      return { exists: true, orgId: event.data.orgId, removed: false };
    case 'WebhookEndpointRemoved':
      return { ...state, removed: true };
  }
}
