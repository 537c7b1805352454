import type { Projection } from '../types.ts';
import type { ApiKeyEvent } from '../../services/apikeys/events.ts';

/** Each organization's API keys as their lists show them (never the secret, never its hash). */
export const apiKeysProjection: Projection<ApiKeyEvent> = {
  name: 'api_keys',
  version: 1,
  handles: ['ApiKeyCreated', 'ApiKeyRevoked'] satisfies ApiKeyEvent['type'][],
  tables: ['api_keys'],
  schema: (t) => `
    CREATE TABLE ${t('api_keys')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      name        text NOT NULL,
      prefix      text NOT NULL,
      created_by  uuid,
      created_at  timestamptz NOT NULL,
      revoked_by  uuid,
      revoked_at  timestamptz,
      position    bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('api_keys')}_org_idx ON ${t('api_keys')} (org_id, created_at);`,
  async apply(db, events, t) {
    for (const event of events) {
      switch (event.type) {
        case 'ApiKeyCreated': {
          const d = event.data;
          await db.query(
            `INSERT INTO ${t('api_keys')} (id, org_id, name, prefix, created_by, created_at, position) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (id) DO NOTHING`,
            [d.keyId, d.orgId, d.name, d.prefix, d.createdBy, d.at, event.globalPosition],
          );
          break;
        }
        case 'ApiKeyRevoked':
          await db.query(
            `UPDATE ${t('api_keys')} SET revoked_by = $2, revoked_at = $3, position = $4 WHERE id = $1 AND position < $4`,
            [event.data.keyId, event.data.revokedBy, event.data.at, event.globalPosition],
          );
          break;
      }
    }
  },
};
