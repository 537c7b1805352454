import { EventEmitter } from 'node:events';

/** What a listener of one session hears: a piece of an answer, or that the session's events changed. */
export type LiveEvent = { type: 'delta'; turn: number; round: number; assistantId: string; text: string } | { type: 'changed' };

const key = (turn: number, round: number, assistantId: string) => `${turn}/${round}/${assistantId}`;

/**
 * The meetings running in this process: the text of answers still being written (the log holds an
 * answer once it is complete; until then its text lives here, and listeners, the SSE route, hear
 * every piece), and a way to stop each meeting's calls.
 */
export class LiveSessions {
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly meetings = new Map<string, AbortController>();

  delta(sessionId: string, turn: number, round: number, assistantId: string, text: string): void {
    const texts = this.texts.get(sessionId) ?? new Map<string, string>();
    this.texts.set(sessionId, texts);
    texts.set(key(turn, round, assistantId), (texts.get(key(turn, round, assistantId)) ?? '') + text);
    this.emitter.emit(sessionId, { type: 'delta', turn, round, assistantId, text } satisfies LiveEvent);
  }

  /** The answer was recorded (or failed): its live text is no longer needed. */
  settled(sessionId: string, turn: number, round: number, assistantId: string): void {
    const texts = this.texts.get(sessionId);
    texts?.delete(key(turn, round, assistantId));
    if (texts?.size === 0) this.texts.delete(sessionId);
    this.changed(sessionId);
  }

  changed(sessionId: string): void {
    this.emitter.emit(sessionId, { type: 'changed' } satisfies LiveEvent);
  }

  textOf(sessionId: string, turn: number, round: number, assistantId: string): string {
    return this.texts.get(sessionId)?.get(key(turn, round, assistantId)) ?? '';
  }

  subscribe(sessionId: string, listener: (event: LiveEvent) => void): () => void {
    this.emitter.on(sessionId, listener);
    return () => this.emitter.off(sessionId, listener);
  }

  /** A meeting starts running here: its calls listen to the signal answered. */
  started(sessionId: string): AbortSignal {
    const controller = new AbortController();
    this.meetings.get(sessionId)?.abort();
    this.meetings.set(sessionId, controller);
    return controller.signal;
  }

  /** Cancels the calls of a meeting running here (a Stop); false when none runs in this process. */
  stop(sessionId: string): boolean {
    const controller = this.meetings.get(sessionId);
    controller?.abort();
    return !!controller;
  }

  finished(sessionId: string, signal: AbortSignal): void {
    if (this.meetings.get(sessionId)?.signal === signal) this.meetings.delete(sessionId);
  }
}
