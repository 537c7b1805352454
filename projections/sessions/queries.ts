import type { Queryable } from '../../services/eventstore/store.ts';

export interface AnswerRow {
  assistantId: string;
  name: string;
  status: 'running' | 'answered' | 'failed';
  text: string;
  json: unknown;
  credits: number;
  tokensIn: number;
  tokensOut: number;
  reason: string | null;
}

export interface SessionRow {
  sessionId: string;
  projectId: string;
  status: 'running' | 'done';
  credits: number;
  createdAt: string;
  turns: { turn: number; question: string; answers: AnswerRow[] }[];
}

/** A project's sessions with every turn and answer, newest first. */
export async function listSessions(db: Queryable, projectId: string, orgId: string, limit = 50): Promise<SessionRow[]> {
  const sessions = await db.query(
    `SELECT id, project_id, status, credits, created_at FROM board_sessions
      WHERE project_id = $1 AND org_id = $2 ORDER BY created_at DESC, id LIMIT $3`,
    [projectId, orgId, limit],
  );
  if (sessions.rows.length === 0) return [];
  const ids = sessions.rows.map((r) => r.id as string);
  const [turns, answers] = await Promise.all([
    db.query('SELECT session_id, turn, question FROM board_turns WHERE session_id = ANY($1::uuid[]) ORDER BY turn', [ids]),
    db.query(
      `SELECT session_id, turn, assistant_id, name, status, text, json, credits, tokens_in, tokens_out, reason
         FROM board_answers WHERE session_id = ANY($1::uuid[]) ORDER BY turn, ord`,
      [ids],
    ),
  ]);
  return sessions.rows.map((s) => ({
    sessionId: s.id,
    projectId: s.project_id,
    status: s.status,
    credits: s.credits,
    createdAt: (s.created_at as Date).toISOString(),
    turns: turns.rows
      .filter((t) => t.session_id === s.id)
      .map((t) => ({
        turn: t.turn,
        question: t.question,
        answers: answers.rows
          .filter((a) => a.session_id === s.id && a.turn === t.turn)
          .map((a) => ({
            assistantId: a.assistant_id,
            name: a.name,
            status: a.status,
            text: a.text,
            json: a.json,
            credits: a.credits,
            tokensIn: a.tokens_in,
            tokensOut: a.tokens_out,
            reason: a.reason,
          })),
      })),
  }));
}

/** Sessions still answering whose last change is older than `before`: their process is gone. */
export async function staleSessions(db: Queryable, before: Date, limit = 100): Promise<string[]> {
  const res = await db.query(`SELECT id FROM board_sessions WHERE status = 'running' AND updated_at < $1 ORDER BY updated_at LIMIT $2`, [before, limit]);
  return res.rows.map((r) => r.id as string);
}
