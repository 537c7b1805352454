import type { Projection } from '../types.ts';
import type { ContactEvent } from '../../services/contact/events.ts';

export const contactMessagesProjection: Projection<ContactEvent> = {
  name: 'contact_messages',
  version: 1,
  handles: ['ContactMessageReceived'] satisfies ContactEvent['type'][],
  tables: ['contact_messages'],
  schema: (t) => `
    CREATE TABLE ${t('contact_messages')} (
      id         uuid PRIMARY KEY,
      name       text NOT NULL,
      email      text NOT NULL,
      message    text NOT NULL,
      user_id    uuid,
      created_at timestamptz NOT NULL,
      position   bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('contact_messages')}_created_at_idx ON ${t('contact_messages')} (created_at);`,
  async apply(db, events, t) {
    for (const event of events) {
      switch (event.type) {
        case 'ContactMessageReceived': {
          const d = event.data;
          await db.query(
            `INSERT INTO ${t('contact_messages')} (id, name, email, message, user_id, created_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
            [d.messageId, d.name, d.email, d.message, d.userId, d.at, event.globalPosition],
          );
          break;
        }
      }
    }
  },
};
