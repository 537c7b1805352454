import { EventEmitter } from 'node:events';

/** What a listener of one session hears: a piece of an answer, or that the session's events changed. */
export type LiveEvent = { type: 'delta'; turn: number; assistantId: string; text: string } | { type: 'changed' };

const key = (turn: number, assistantId: string) => `${turn}/${assistantId}`;

/**
 * The text of answers still being written, in the process that asks the model. The log holds an
 * answer once it is complete; until then its text lives here, and listeners (the SSE route) hear
 * every piece.
 */
export class LiveSessions {
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  delta(sessionId: string, turn: number, assistantId: string, text: string): void {
    const texts = this.texts.get(sessionId) ?? new Map<string, string>();
    this.texts.set(sessionId, texts);
    texts.set(key(turn, assistantId), (texts.get(key(turn, assistantId)) ?? '') + text);
    this.emitter.emit(sessionId, { type: 'delta', turn, assistantId, text } satisfies LiveEvent);
  }

  /** The answer was recorded (or failed): its live text is no longer needed. */
  settled(sessionId: string, turn: number, assistantId: string): void {
    const texts = this.texts.get(sessionId);
    texts?.delete(key(turn, assistantId));
    if (texts?.size === 0) this.texts.delete(sessionId);
    this.emitter.emit(sessionId, { type: 'changed' } satisfies LiveEvent);
  }

  textOf(sessionId: string, turn: number, assistantId: string): string {
    return this.texts.get(sessionId)?.get(key(turn, assistantId)) ?? '';
  }

  subscribe(sessionId: string, listener: (event: LiveEvent) => void): () => void {
    this.emitter.on(sessionId, listener);
    return () => this.emitter.off(sessionId, listener);
  }
}
