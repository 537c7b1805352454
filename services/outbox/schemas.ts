import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { WEBHOOK_EVENT_TYPES } from './events.ts';

export const CreateEndpointBody = z.object({
  url: z.string().trim().min(1, 'url is required').max(2000),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
});
export const Endpoint = z.object({ id: z.string(), url: z.string(), events: z.array(z.string()), createdAt: z.string() });
export const CreatedEndpoint = Endpoint.extend({ secret: z.string() });
export const EndpointList = z.array(Endpoint);
export const EndpointParams = z.object({ id: idParam('Webhook endpoint') });
export const DeliveryParams = EndpointParams.extend({ messageId: z.string().max(100) });
export const OrgParams = z.object({ id: idParam('Organization') });
export const AdminEndpointParams = OrgParams.extend({ endpointId: idParam('Webhook endpoint') });
export const AdminDeliveryParams = AdminEndpointParams.extend({ messageId: z.string().max(100) });
export const DeliveryLog = z.array(
  z.object({
    messageId: z.string(),
    type: z.string(),
    status: z.string(),
    attempts: z.number(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    attemptLog: z.array(z.object({ attempt: z.number(), at: z.string(), statusCode: z.number().nullable(), durationMs: z.number(), error: z.string().nullable() })),
  }),
);
export const Resent = z.object({ messageId: z.string(), status: z.literal('pending') });
export const Removed = z.object({ id: z.string() });
