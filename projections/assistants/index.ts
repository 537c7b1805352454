import type { Projection } from '../types.ts';
import type { AssistantEvent, AssistantFields } from '../../services/assistants/events.ts';

const fieldValues = (f: AssistantFields) => [f.name, f.description, f.task, f.model, f.tagIds, f.readyToDeploy, f.outputComponentIds];

export const assistantsProjection: Projection<AssistantEvent> = {
  name: 'assistants',
  version: 1,
  handles: ['AssistantCreated', 'AssistantUpdated', 'AssistantFunctionAdded', 'AssistantFunctionRemoved'] satisfies AssistantEvent['type'][],
  tables: ['assistants', 'assistant_functions'],
  schema: (t) => `
    CREATE TABLE ${t('assistants')} (
      id                   uuid PRIMARY KEY,
      name                 text NOT NULL,
      description          text NOT NULL DEFAULT '',
      task                 text NOT NULL DEFAULT '',
      model                text NOT NULL,
      tag_ids              uuid[] NOT NULL DEFAULT '{}',
      ready_to_deploy      boolean NOT NULL DEFAULT false,
      output_component_ids uuid[] NOT NULL DEFAULT '{}',
      created_at           timestamptz NOT NULL,
      updated_at           timestamptz NOT NULL,
      position             bigint NOT NULL
    );
    CREATE TABLE ${t('assistant_functions')} (
      id                uuid PRIMARY KEY,
      assistant_id      uuid NOT NULL,
      name              text NOT NULL,
      description       text NOT NULL DEFAULT '',
      returns_component uuid,
      created_at        timestamptz NOT NULL,
      position          bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('assistants')}_lower_id_idx ON ${t('assistants')} (lower(name), id);
    CREATE INDEX IF NOT EXISTS ${t('assistants')}_lower_id_idx1 ON ${t('assistants')} (lower(name), id) WHERE ready_to_deploy;
    CREATE INDEX IF NOT EXISTS ${t('assistant_functions')}_assistant_id_position_idx ON ${t('assistant_functions')} (assistant_id, position);`,
  async apply(db, events, t) {
    for (const event of events) {
            const position = event.globalPosition;
      switch (event.type) {
        case 'AssistantCreated':
          await db.query(
            `INSERT INTO ${t('assistants')} (id, name, description, task, model, tag_ids, ready_to_deploy, output_component_ids,
                                            created_at, updated_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) ON CONFLICT (id) DO NOTHING`,
            [event.data.assistantId, ...fieldValues(event.data.fields), event.data.at, position],
          );
          break;
        case 'AssistantUpdated':
          await db.query(
            `UPDATE ${t('assistants')} SET name = $2, description = $3, task = $4, model = $5, tag_ids = $6, ready_to_deploy = $7,
                    output_component_ids = $8, updated_at = $9, position = $10
              WHERE id = $1 AND position < $10`,
            [event.data.assistantId, ...fieldValues(event.data.fields), event.data.at, position],
          );
          break;
        case 'AssistantFunctionAdded':
          await db.query(
            `INSERT INTO ${t('assistant_functions')} (id, assistant_id, name, description, returns_component, created_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
            [event.data.functionId, event.data.assistantId, event.data.name, event.data.description, event.data.returnsComponent, event.data.at, position],
          );
          break;
        case 'AssistantFunctionRemoved':
          await db.query(`DELETE FROM ${t('assistant_functions')} WHERE id = $1`, [event.data.functionId]);
          break;
      }
    }
  },
};
