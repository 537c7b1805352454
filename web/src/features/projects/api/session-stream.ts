import { useEffect, useState } from 'react';
import type { BoardSession } from './get-sessions';

/**
 * Follows a running session through its server-sent events: `session` replaces the whole session,
 * `delta` adds a piece of text to one answer as the model writes it. Answers null until the first event;
 * a new `generation` opens the stream again (after a follow-up or a retry).
 */
export function useSessionStream(sessionId: string | null, onDone: () => void, generation = 0): BoardSession | null {
  const [session, setSession] = useState<BoardSession | null>(null);
  useEffect(() => {
    setSession(null);
    if (!sessionId) return;
    const source = new EventSource(`/api/sessions/${encodeURIComponent(sessionId)}/events`, { withCredentials: true });
    let ended = false;
    source.addEventListener('session', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as BoardSession;
      setSession(next);
      if (next.status === 'done') {
        ended = true;
        source.close();
        onDone();
      }
    });
    source.addEventListener('delta', (event) => {
      const { turn, round, assistantId, text } = JSON.parse((event as MessageEvent<string>).data) as { turn: number; round: number; assistantId: string; text: string };
      setSession((current) => {
        if (!current || current.turns.at(-1)?.turn !== turn) return current;
        const answers = current.answers.map((a) => (a.assistantId === assistantId && a.round === round && a.status === 'running' ? { ...a, text: a.text + text } : a));
        return { ...current, answers, turns: current.turns.map((t) => (t.turn === turn ? { ...t, answers } : t)) };
      });
    });
    // The server ends the stream once the session is done; a broken connection is retried by EventSource itself.
    source.onerror = () => {
      if (ended) source.close();
    };
    return () => source.close();
    // onDone is read when the session ends; a new one does not restart the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, generation]);
  return session;
}
