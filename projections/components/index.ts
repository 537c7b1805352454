import type { Projection } from '../types.ts';
import { childIds, type ComponentEvent } from '../../services/components/events.ts';

export const componentsProjection: Projection<ComponentEvent> = {
  name: 'components',
  version: 1,
  handles: ['ComponentCreated', 'ComponentUpdated'] satisfies ComponentEvent['type'][],
  tables: ['components'],
  schema: (t) => `
    CREATE TABLE ${t('components')} (
      id          uuid PRIMARY KEY,
      name        text NOT NULL,
      type        text NOT NULL,
      definition  jsonb NOT NULL,
      child_ids   uuid[] NOT NULL DEFAULT '{}',
      created_at  timestamptz NOT NULL,
      updated_at  timestamptz NOT NULL,
      position    bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('components')}_type_lower_id_idx ON ${t('components')} (type, lower(name), id);`,
  async apply(db, events, t) {
    for (const event of events) {
            const { componentId, name, definition, at } = event.data;
      const values = [componentId, name, definition.type, JSON.stringify(definition), childIds(definition), at, event.globalPosition];
      switch (event.type) {
        case 'ComponentCreated':
          await db.query(
            `INSERT INTO ${t('components')} (id, name, type, definition, child_ids, created_at, updated_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING`,
            values,
          );
          break;
        case 'ComponentUpdated':
          await db.query(
            `UPDATE ${t('components')} SET name = $2, type = $3, definition = $4, child_ids = $5, updated_at = $6, position = $7
              WHERE id = $1 AND position < $7`,
            values,
          );
          break;
      }
    }
  },
};
