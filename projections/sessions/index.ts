import type { Projection } from '../types.ts';
import type { SessionEvent } from '../../services/board/events.ts';

type Db = Parameters<Projection['apply']>[0];
type T = (name: string) => string;

const answerColumns = `session_id, turn, round, ord, assistant_id, name, status, structured, sources, position`;

/** Rows for the advisors of a round, waiting for their answers. */
async function waitingAnswers(db: Db, t: T, d: { sessionId: string; turn: number; round: number; ids: string[]; names: Record<string, string>; structured: string[]; sources: unknown }, pos: number) {
  await db.query(
    `INSERT INTO ${t('board_answers')} (${answerColumns})
     SELECT $1, $2, $3, o::int, a, coalesce($5::jsonb ->> a::text, ''), 'running', a = ANY($6::uuid[]), $7::jsonb, $8
       FROM unnest($4::uuid[]) WITH ORDINALITY AS x(a, o)
     ON CONFLICT DO NOTHING`,
    [d.sessionId, d.turn, d.round, d.ids, JSON.stringify(d.names), d.structured, JSON.stringify(d.sources), pos],
  );
}

const touch = (db: Db, t: T, sessionId: string, at: string, credits = 0) =>
  db.query(`UPDATE ${t('board_sessions')} SET credits = credits + $3, updated_at = greatest(updated_at, $2) WHERE id = $1`, [sessionId, at, credits]);

/** A turn's synthesis asked for again: waiting once more (after a retry, or alone). */
const synthesisWaits = (db: Db, t: T, sessionId: string, turn: number, pos: number) =>
  db.query(
    `UPDATE ${t('board_turns')} SET synthesis = synthesis || '{"status":"waiting","reason":null}'::jsonb, position = $3
      WHERE session_id = $1 AND turn = $2 AND position < $3 AND synthesis IS NOT NULL`,
    [sessionId, turn, pos],
  );

/** The board's sessions: one row per session, one per turn (with its synthesis), one per advisor's answer in a round. */
export const sessionsProjection: Projection<SessionEvent> = {
  name: 'sessions',
  version: 3,
  handles: [
    'SessionStarted',
    'FollowUpAsked',
    'RoundStarted',
    'AdvisorAnswered',
    'AdvisorFailed',
    'SynthesisWritten',
    'SynthesisFailed',
    'SessionStopped',
    'AdvisorRetried',
    'SynthesisRetried',
    'SessionEnded',
    'SessionRenamed',
    'SessionDeleted',
    'SessionShared',
    'SessionShareRevoked',
  ] satisfies SessionEvent['type'][],
  tables: ['board_sessions', 'board_turns', 'board_answers'],
  schema: (t) => `
    CREATE TABLE ${t('board_sessions')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      project_id  uuid NOT NULL,
      user_id     uuid,
      status      text NOT NULL,
      credits     integer NOT NULL DEFAULT 0,
      title       text,
      deleted     boolean NOT NULL DEFAULT false,
      share_hash  text,
      created_at  timestamptz NOT NULL,
      updated_at  timestamptz NOT NULL,
      position    bigint NOT NULL
    );
    CREATE UNIQUE INDEX ON ${t('board_sessions')} (share_hash) WHERE share_hash IS NOT NULL;
    CREATE TABLE ${t('board_turns')} (
      session_id  uuid NOT NULL,
      turn        integer NOT NULL,
      question    text NOT NULL,
      mode        text NOT NULL,
      rounds      integer NOT NULL,
      synthesis   jsonb,
      at          timestamptz NOT NULL,
      position    bigint NOT NULL,
      PRIMARY KEY (session_id, turn)
    );
    CREATE TABLE ${t('board_answers')} (
      session_id   uuid NOT NULL,
      turn         integer NOT NULL,
      round        integer NOT NULL,
      ord          integer NOT NULL,
      assistant_id uuid NOT NULL,
      name         text NOT NULL,
      status       text NOT NULL,
      structured   boolean NOT NULL DEFAULT false,
      sources      jsonb NOT NULL DEFAULT '[]',
      text         text NOT NULL DEFAULT '',
      json         jsonb,
      model        text,
      tokens_in    integer NOT NULL DEFAULT 0,
      tokens_out   integer NOT NULL DEFAULT 0,
      credits      integer NOT NULL DEFAULT 0,
      reason       text,
      position     bigint NOT NULL,
      PRIMARY KEY (session_id, turn, round, assistant_id)
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('board_sessions')}_project_id_created_at_idx ON ${t('board_sessions')} (project_id, created_at DESC);`,
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
            await db.query(`UPDATE ${t('board_sessions')} SET status = 'running', updated_at = $2, position = $3 WHERE id = $1 AND position < $3`, [d.sessionId, d.at, pos]);
          }
          const synthesis = d.chairId ? { assistantId: d.chairId, name: d.names[d.chairId] ?? '', status: 'waiting', result: null, missing: [], credits: 0, tokensIn: 0, tokensOut: 0, reason: null } : null;
          await db.query(
            `INSERT INTO ${t('board_turns')} (session_id, turn, question, mode, rounds, synthesis, at, position) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) ON CONFLICT DO NOTHING`,
            [d.sessionId, turn, d.question, d.mode ?? 'boardroom', d.rounds ?? 1, JSON.stringify(synthesis), d.at, pos],
          );
          await waitingAnswers(db, t, { sessionId: d.sessionId, turn, round: 1, ids: d.assistantIds, names: d.names, structured: d.structured ?? [], sources: d.sources ?? [] }, pos);
          break;
        }
        case 'RoundStarted': {
          const d = event.data;
          const first = await db.query(`SELECT assistant_id, name, structured, sources FROM ${t('board_answers')} WHERE session_id = $1 AND turn = $2 AND round = 1`, [d.sessionId, d.turn]);
          const names = Object.fromEntries(first.rows.map((r) => [r.assistant_id, r.name]));
          const structured = first.rows.filter((r) => r.structured).map((r) => r.assistant_id as string);
          await waitingAnswers(db, t, { sessionId: d.sessionId, turn: d.turn, round: d.round, ids: d.assistantIds, names, structured, sources: first.rows[0]?.sources ?? [] }, pos);
          break;
        }
        case 'AdvisorAnswered': {
          const d = event.data;
          const res = await db.query(
            `UPDATE ${t('board_answers')} SET status = 'answered', text = $5, json = $6::jsonb, model = $7, tokens_in = $8, tokens_out = $9, credits = $10, reason = NULL, position = $11
              WHERE session_id = $1 AND turn = $2 AND round = $3 AND assistant_id = $4 AND position < $11`,
            [d.sessionId, d.turn, d.round ?? 1, d.assistantId, d.text, JSON.stringify(d.json ?? null), d.model, d.tokensIn, d.tokensOut, d.credits, pos],
          );
          if (res.rowCount) await touch(db, t, d.sessionId, d.at, d.credits);
          break;
        }
        case 'AdvisorFailed':
        case 'AdvisorRetried': {
          const d = event.data;
          const [status, reason] = event.type === 'AdvisorFailed' ? ['failed', event.data.reason] : ['running', null];
          await db.query(
            `UPDATE ${t('board_answers')} SET status = $5, reason = $6, position = $7 WHERE session_id = $1 AND turn = $2 AND round = $3 AND assistant_id = $4 AND position < $7`,
            [d.sessionId, d.turn, d.round ?? 1, d.assistantId, status, reason, pos],
          );
          if (event.type === 'AdvisorRetried') {
            await db.query(`UPDATE ${t('board_sessions')} SET status = 'running', updated_at = $2 WHERE id = $1`, [d.sessionId, d.at]);
            // The synthesis that had failed is written again.
            if (event.data.synthesisHoldId) await synthesisWaits(db, t, d.sessionId, d.turn, pos);
          } else await touch(db, t, d.sessionId, d.at);
          break;
        }
        case 'SynthesisRetried': {
          const d = event.data;
          await db.query(`UPDATE ${t('board_sessions')} SET status = 'running', updated_at = $2 WHERE id = $1`, [d.sessionId, d.at]);
          await synthesisWaits(db, t, d.sessionId, d.turn, pos);
          break;
        }
        case 'SynthesisWritten':
        case 'SynthesisFailed': {
          const d = event.data;
          const change =
            event.type === 'SynthesisWritten'
              ? { status: 'written', result: event.data.synthesis, missing: event.data.missing, credits: event.data.credits, tokensIn: event.data.tokensIn, tokensOut: event.data.tokensOut, reason: null }
              : { status: 'failed', reason: event.data.reason };
          const res = await db.query(
            `UPDATE ${t('board_turns')} SET synthesis = synthesis || $3::jsonb, position = $4 WHERE session_id = $1 AND turn = $2 AND position < $4 AND synthesis IS NOT NULL`,
            [d.sessionId, d.turn, JSON.stringify(change), pos],
          );
          if (res.rowCount) await touch(db, t, d.sessionId, d.at, event.type === 'SynthesisWritten' ? event.data.credits : 0);
          break;
        }
        case 'SessionStopped': {
          const d = event.data;
          await db.query(
            `UPDATE ${t('board_answers')} SET status = 'stopped', reason = 'Stopped before this answer was complete', position = $3
              WHERE session_id = $1 AND turn = $2 AND status = 'running' AND position < $3`,
            [d.sessionId, d.turn, pos],
          );
          await db.query(
            `UPDATE ${t('board_turns')} SET synthesis = synthesis || '{"status": "stopped", "reason": "Stopped before the synthesis was written"}'::jsonb, position = $3
              WHERE session_id = $1 AND turn = $2 AND synthesis ->> 'status' = 'waiting' AND position < $3`,
            [d.sessionId, d.turn, pos],
          );
          break;
        }
        case 'SessionEnded':
          await db.query(`UPDATE ${t('board_sessions')} SET status = 'done', updated_at = $2, position = $3 WHERE id = $1 AND position < $3`, [event.data.sessionId, event.data.at, pos]);
          break;
        case 'SessionRenamed':
          await db.query(`UPDATE ${t('board_sessions')} SET title = $2 WHERE id = $1`, [event.data.sessionId, event.data.title]);
          break;
        case 'SessionDeleted':
          await db.query(`UPDATE ${t('board_sessions')} SET deleted = true, share_hash = NULL WHERE id = $1`, [event.data.sessionId]);
          break;
        case 'SessionShared':
          await db.query(`UPDATE ${t('board_sessions')} SET share_hash = $2 WHERE id = $1`, [event.data.sessionId, event.data.tokenHash]);
          break;
        case 'SessionShareRevoked':
          await db.query(`UPDATE ${t('board_sessions')} SET share_hash = NULL WHERE id = $1`, [event.data.sessionId]);
          break;
      }
    }
  },
};
