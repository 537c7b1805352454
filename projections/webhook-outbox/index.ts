import type { Projection } from '../types.ts';
import type { OrgEvent } from '../../services/orgs/events.ts';
import type { WebhookEndpointEvent } from '../../services/outbox/events.ts';
import { MESSAGE_SOURCES, messageOf } from './messages.ts';

type Handled = WebhookEndpointEvent | Extract<OrgEvent, { type: (typeof MESSAGE_SOURCES)[number] }>;

/**
 * The outbox of outbound webhooks: endpoints (its own table), and for every event that becomes a
 * message, one delivery per endpoint of the organization subscribed at that point of the log. Read
 * in safe order with the checkpoint like every read model, so no event is skipped; deliveries are
 * keyed by (endpoint, message), so a replay or a rebuild adds none twice.
 */
export const webhookOutboxProjection: Projection<Handled> = {
  name: 'webhook_outbox',
  version: 1,
  handles: ['WebhookEndpointAdded', 'WebhookEndpointRemoved', ...MESSAGE_SOURCES],
  tables: ['webhook_endpoints'],
  schema: (t) => `
    CREATE TABLE ${t('webhook_endpoints')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      url         text NOT NULL,
      events      text[] NOT NULL,
      created_at  timestamptz NOT NULL,
      removed_at  timestamptz,
      position    bigint NOT NULL
    );
    CREATE INDEX ${t('webhook_endpoints')}_org_idx ON ${t('webhook_endpoints')} (org_id) WHERE removed_at IS NULL;`,
  async apply(db, events, t) {
    for (const event of events) {
      switch (event.type) {
        case 'WebhookEndpointAdded': {
          const d = event.data;
          await db.query(
            `INSERT INTO ${t('webhook_endpoints')} (id, org_id, url, events, created_at, position) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
            [d.endpointId, d.orgId, d.url, d.events, d.at, event.globalPosition],
          );
          break;
        }
        case 'WebhookEndpointRemoved':
          await db.query(`UPDATE ${t('webhook_endpoints')} SET removed_at = $2, position = $3 WHERE id = $1 AND position < $3`, [
            event.data.endpointId,
            event.data.at,
            event.globalPosition,
          ]);
          break;
        default: {
          const msg = messageOf(event);
          if (!msg) break;
          const { orgId, ...body } = msg;
          await db.query(
            `INSERT INTO webhook_deliveries (endpoint_id, message_id, org_id, type, payload)
             SELECT e.id, $2, $1, $3, $4 FROM ${t('webhook_endpoints')} e
              WHERE e.org_id = $1 AND e.removed_at IS NULL AND $3 = ANY (e.events)
             ON CONFLICT DO NOTHING`,
            [orgId, msg.id, msg.type, JSON.stringify(body)],
          );
        }
      }
    }
  },
};
