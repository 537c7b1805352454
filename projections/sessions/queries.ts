import type { Queryable } from '../../services/eventstore/store.ts';
import type { AnswerStatus, Source, Synthesis } from '../../services/board/events.ts';

export interface AnswerRow {
  assistantId: string;
  name: string;
  round: number;
  status: AnswerStatus;
  text: string;
  json: unknown;
  credits: number;
  tokensIn: number;
  tokensOut: number;
  reason: string | null;
  structured: boolean;
  sources: Source[];
}

export interface TurnRow {
  turn: number;
  question: string;
  /** When the question was asked. */
  at: string;
  mode: string;
  rounds: number;
  answers: AnswerRow[];
  synthesis: Synthesis | null;
}

export interface SessionRow {
  sessionId: string;
  projectId: string;
  title: string | null;
  status: 'running' | 'done';
  credits: number;
  shared: boolean;
  createdAt: string;
  turns: TurnRow[];
}

/** A project's sessions with every turn and answer, newest first; deleted ones left out. */
export async function listSessions(db: Queryable, projectId: string, orgId: string, limit = 50): Promise<SessionRow[]> {
  const sessions = await db.query(
    `SELECT id, project_id, title, status, credits, share_hash IS NOT NULL AS shared, created_at FROM board_sessions
      WHERE project_id = $1 AND org_id = $2 AND NOT deleted ORDER BY created_at DESC, id LIMIT $3`,
    [projectId, orgId, limit],
  );
  if (sessions.rows.length === 0) return [];
  const ids = sessions.rows.map((r) => r.id as string);
  const [turns, answers] = await Promise.all([
    db.query('SELECT session_id, turn, question, at, mode, rounds, synthesis FROM board_turns WHERE session_id = ANY($1::uuid[]) ORDER BY turn', [ids]),
    db.query(
      `SELECT session_id, turn, round, assistant_id, name, status, text, json, credits, tokens_in, tokens_out, reason, structured, sources
         FROM board_answers WHERE session_id = ANY($1::uuid[]) ORDER BY turn, round, ord`,
      [ids],
    ),
  ]);
  return sessions.rows.map((s) => ({
    sessionId: s.id,
    projectId: s.project_id,
    title: s.title,
    status: s.status,
    credits: s.credits,
    shared: s.shared,
    createdAt: (s.created_at as Date).toISOString(),
    turns: turns.rows
      .filter((t) => t.session_id === s.id)
      .map((t) => ({
        turn: t.turn,
        question: t.question,
        at: (t.at as Date).toISOString(),
        mode: t.mode,
        rounds: t.rounds,
        synthesis: t.synthesis,
        answers: answers.rows
          .filter((a) => a.session_id === s.id && a.turn === t.turn)
          .map((a) => ({
            assistantId: a.assistant_id,
            name: a.name,
            round: a.round,
            status: a.status,
            text: a.text,
            json: a.json,
            credits: a.credits,
            tokensIn: a.tokens_in,
            tokensOut: a.tokens_out,
            reason: a.reason,
            structured: a.structured,
            sources: a.sources,
          })),
      })),
  }));
}

/** Sessions still answering whose last change is older than `before`: their process is gone. */
export async function staleSessions(db: Queryable, before: Date, limit = 100): Promise<string[]> {
  const res = await db.query(`SELECT id FROM board_sessions WHERE status = 'running' AND updated_at < $1 ORDER BY updated_at LIMIT $2`, [before, limit]);
  return res.rows.map((r) => r.id as string);
}

export interface Remembered {
  sessionId: string;
  question: string;
  at: string;
  synthesis: Synthesis;
}

/** The written syntheses of a project's last `limit` sessions that have one (the latest turn's of each), newest first. */
export async function lastSyntheses(db: Queryable, projectId: string, orgId: string, limit = 5): Promise<Remembered[]> {
  const res = await db.query(
    `SELECT * FROM (
       SELECT DISTINCT ON (s.id) s.id, t.question, t.at, t.synthesis
         FROM board_sessions s JOIN board_turns t ON t.session_id = s.id
        WHERE s.project_id = $1 AND s.org_id = $2 AND NOT s.deleted AND t.synthesis ->> 'status' = 'written'
        ORDER BY s.id, t.turn DESC
     ) x ORDER BY at DESC LIMIT $3`,
    [projectId, orgId, limit],
  );
  return res.rows.map((r) => ({ sessionId: r.id, question: r.question, at: (r.at as Date).toISOString(), synthesis: r.synthesis }));
}

/** The session a share token's hash opens, if any (the stream is then checked: a revoke counts at once). */
export async function sharedSessionId(db: Queryable, tokenHash: string): Promise<string | null> {
  const res = await db.query('SELECT id FROM board_sessions WHERE share_hash = $1 AND NOT deleted', [tokenHash]);
  return res.rows[0]?.id ?? null;
}
