import type { Projection } from '../types.ts';
import type { TagEvent } from '../../services/tags/events.ts';

export const tagsProjection: Projection<TagEvent> = {
  name: 'tags',
  version: 1,
  handles: ['TagCreated'] satisfies TagEvent['type'][],
  tables: ['tags'],
  schema: (t) => `
    CREATE TABLE ${t('tags')} (
      id          uuid PRIMARY KEY,
      name        text NOT NULL,
      description text NOT NULL DEFAULT '',
      created_at  timestamptz NOT NULL,
      position    bigint NOT NULL
    );`,
  async apply(db, events, t) {
    for (const event of events) {
            switch (event.type) {
        case 'TagCreated':
          await db.query(
            `INSERT INTO ${t('tags')} (id, name, description, created_at, position) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING`,
            [event.data.tagId, event.data.name, event.data.description, event.data.at, event.globalPosition],
          );
          break;
      }
    }
  },
};
