import type { Projection } from '../types.ts';
import type { SessionEvent } from '../../services/board/events.ts';

/** The board's sessions: one row per session, one per turn, one per advisor's answer in a turn. */
export const sessionsProjection: Projection<SessionEvent> = {
  name: 'sessions',
  version: 1,
  handles: ['SessionStarted', 'FollowUpAsked', 'AdvisorAnswered', 'AdvisorFailed', 'SessionEnded'] satisfies SessionEvent['type'][],
  tables: ['board_sessions', 'board_turns', 'board_answers'],
  schema: (t) => `
    CREATE TABLE ${t('board_sessions')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      project_id  uuid NOT NULL,
      user_id     uuid,
      status      text NOT NULL,
      credits     integer NOT NULL DEFAULT 0,
      created_at  timestamptz NOT NULL,
      updated_at  timestamptz NOT NULL,
      position    bigint NOT NULL
    );
    CREATE INDEX ON ${t('board_sessions')} (project_id, created_at DESC);
    CREATE TABLE ${t('board_turns')} (
      session_id  uuid NOT NULL,
      turn        integer NOT NULL,
      question    text NOT NULL,
      at          timestamptz NOT NULL,
      PRIMARY KEY (session_id, turn)
    );
    CREATE TABLE ${t('board_answers')} (
      session_id   uuid NOT NULL,
      turn         integer NOT NULL,
      ord          integer NOT NULL,
      assistant_id uuid NOT NULL,
      name         text NOT NULL,
      status       text NOT NULL,
      text         text NOT NULL DEFAULT '',
      json         jsonb,
      model        text,
      tokens_in    integer NOT NULL DEFAULT 0,
      tokens_out   integer NOT NULL DEFAULT 0,
      credits      integer NOT NULL DEFAULT 0,
      reason       text,
      position     bigint NOT NULL,
      PRIMARY KEY (session_id, turn, assistant_id)
    );`,
  async apply(db, events, t) {
    for (const event of events) {
      const pos = event.globalPosition;
      switch (event.type) {
        case 'SessionStarted':
        case 'FollowUpAsked': {
          const d = event.data;
          const turn = event.type === 'FollowUpAsked' ? event.data.turn : 1;
          if (event.type === 'SessionStarted') {
            await db.query(
              `INSERT INTO ${t('board_sessions')} (id, org_id, project_id, user_id, status, created_at, updated_at, position)
               VALUES ($1, $2, $3, $4, 'running', $5, $5, $6) ON CONFLICT (id) DO NOTHING`,
              [d.sessionId, event.data.orgId, event.data.projectId, d.userId, d.at, pos],
            );
          } else {
            await db.query(`UPDATE ${t('board_sessions')} SET status = 'running', updated_at = $2, position = $3 WHERE id = $1 AND position < $3`, [
              d.sessionId,
              d.at,
              pos,
            ]);
          }
          await db.query(`INSERT INTO ${t('board_turns')} (session_id, turn, question, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
            d.sessionId,
            turn,
            d.question,
            d.at,
          ]);
          await db.query(
            `INSERT INTO ${t('board_answers')} (session_id, turn, ord, assistant_id, name, status, position)
             SELECT $1, $2, o::int, a, coalesce($4::jsonb ->> a::text, ''), 'running', $5
               FROM unnest($3::uuid[]) WITH ORDINALITY AS x(a, o)
             ON CONFLICT DO NOTHING`,
            [d.sessionId, turn, d.assistantIds, JSON.stringify(d.names), pos],
          );
          break;
        }
        case 'AdvisorAnswered': {
          const d = event.data;
          const res = await db.query(
            `UPDATE ${t('board_answers')} SET status = 'answered', text = $4, json = $5::jsonb, model = $6, tokens_in = $7, tokens_out = $8, credits = $9, position = $10
              WHERE session_id = $1 AND turn = $2 AND assistant_id = $3 AND position < $10`,
            [d.sessionId, d.turn, d.assistantId, d.text, JSON.stringify(d.json ?? null), d.model, d.tokensIn, d.tokensOut, d.credits, pos],
          );
          if (res.rowCount) {
            await db.query(`UPDATE ${t('board_sessions')} SET credits = credits + $2, updated_at = $3 WHERE id = $1`, [d.sessionId, d.credits, d.at]);
          }
          break;
        }
        case 'AdvisorFailed': {
          const d = event.data;
          await db.query(
            `UPDATE ${t('board_answers')} SET status = 'failed', reason = $4, position = $5
              WHERE session_id = $1 AND turn = $2 AND assistant_id = $3 AND position < $5`,
            [d.sessionId, d.turn, d.assistantId, d.reason, pos],
          );
          await db.query(`UPDATE ${t('board_sessions')} SET updated_at = greatest(updated_at, $2) WHERE id = $1`, [d.sessionId, d.at]);
          break;
        }
        case 'SessionEnded':
          await db.query(`UPDATE ${t('board_sessions')} SET status = 'done', updated_at = $2, position = $3 WHERE id = $1 AND position < $3`, [
            event.data.sessionId,
            event.data.at,
            pos,
          ]);
          break;
      }
    }
  },
};
