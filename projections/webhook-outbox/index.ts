import type pg from 'pg';
import type { Projection, TableNames } from '../types.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';
import type { LoggedEvent } from '../../services/eventstore/types.ts';
import type { OrgEvent } from '../../services/orgs/events.ts';
import type { SynthesisWritten } from '../../services/board/events.ts';
import type { WebhookEndpointEvent } from '../../services/outbox/events.ts';
import { MESSAGE_SOURCES, messageOf } from './messages.ts';

type Handled = WebhookEndpointEvent | Extract<OrgEvent | SynthesisWritten, { type: (typeof MESSAGE_SOURCES)[number] }>;

/** From this many messages in a batch, it first asks which of their organizations have endpoints. */
const ASK_FROM = 100;

/**
 * The organizations of a batch's messages that have an endpoint (null: a batch of few messages, which
 * go to the join as they are). Most organizations have none: their messages are neither rendered nor
 * sent. An endpoint added later in the batch adds its organization (the apply loop).
 */
async function subscribedOrgs(db: pg.PoolClient, t: TableNames, events: LoggedEvent<Handled>[]): Promise<Set<string> | null> {
  const orgs = new Set<string>();
  let messages = 0;
  for (const event of events) {
    if (event.type === 'WebhookEndpointAdded' || event.type === 'WebhookEndpointRemoved') continue;
    messages++;
    orgs.add(event.data.orgId.toLowerCase());
  }
  if (messages < ASK_FROM) return null;
  const res = await db.query(`SELECT DISTINCT org_id::text AS id FROM ${t('webhook_endpoints')} WHERE org_id = ANY($1::uuid[]) AND removed_at IS NULL`, [[...orgs]]);
  return new Set(res.rows.map((r) => r.id as string));
}

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
  sideTables: ['webhook_deliveries'],
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
    // Messages are written together, up to the next change of endpoints (each message goes to the
    // endpoints subscribed at its point of the log), in log order.
    let messages: { orgId: string; id: string; type: string; payload: string }[] = [];
    const flush = async () => {
      if (messages.length === 0) return;
      await db.query(
        // The payloads go as text and are parsed only for the messages an endpoint takes (most organizations have none).
        `INSERT INTO webhook_deliveries (endpoint_id, message_id, org_id, type, payload)
         SELECT e.id, m.id, m.org_id, m.type, m.payload::jsonb
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS m(org_id, id, type, payload, n)
           JOIN ${t('webhook_endpoints')} e ON e.org_id = m.org_id AND e.removed_at IS NULL AND m.type = ANY (e.events)
          ORDER BY m.n, e.id
         ON CONFLICT DO NOTHING`,
        [arrayLiteral(messages.map((m) => m.orgId)), arrayLiteral(messages.map((m) => m.id)), arrayLiteral(messages.map((m) => m.type)), arrayLiteral(messages.map((m) => m.payload))],
      );
      messages = [];
    };
    const subscribed = await subscribedOrgs(db, t, events);
    for (const event of events) {
      switch (event.type) {
        case 'WebhookEndpointAdded': {
          await flush();
          const d = event.data;
          await db.query(
            `INSERT INTO ${t('webhook_endpoints')} (id, org_id, url, events, created_at, position) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
            [d.endpointId, d.orgId, d.url, d.events, d.at, event.globalPosition],
          );
          subscribed?.add(d.orgId.toLowerCase());
          break;
        }
        case 'WebhookEndpointRemoved':
          await flush();
          await db.query(`UPDATE ${t('webhook_endpoints')} SET removed_at = $2, position = $3 WHERE id = $1 AND position < $3`, [
            event.data.endpointId,
            event.data.at,
            event.globalPosition,
          ]);
          break;
        default: {
          if (subscribed && !subscribed.has(event.data.orgId.toLowerCase())) break;
          const msg = messageOf(event);
          if (!msg) break;
          const { orgId, ...body } = msg;
          messages.push({ orgId, id: msg.id, type: msg.type, payload: JSON.stringify(body) });
        }
      }
    }
    await flush();
  },
};
