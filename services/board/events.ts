import type { DomainEvent } from '../eventstore/types.ts';
import type { MeetingMode, SynthesisResult } from './modes/table.ts';

/** A hold placed for one call of a meeting: an advisor's answer in a round, or the synthesis (round 0). */
export interface HoldRef {
  holdId: string;
  round: number;
  assistantId: string;
  credits: number;
}

/** A file of the project whose passages an answer was given. */
export interface Source {
  fileId: string;
  name: string;
}

/** How a turn is run. Events written before meetings existed lack it: one round of boardroom, no synthesis. */
export interface MeetingSetup {
  mode?: MeetingMode;
  rounds?: number;
  /** Who writes the synthesis; absent: none is written (one advisor answering once). */
  chairId?: string | null;
  holds?: HoldRef[];
  /** Advisors whose answer is JSON (the mode's shape or their output components): never shown as raw text while written. */
  structured?: string[];
  sources?: Source[];
  /** Sessions whose syntheses the board was reminded of. */
  memory?: string[];
}

type Asked = { sessionId: string; userId: string; question: string; assistantIds: string[]; names: Record<string, string>; at: string } & MeetingSetup;

/** A question put to the board: the first one starts the session, each follow-up is a later turn. */
export type SessionStarted = DomainEvent<'SessionStarted', Asked & { orgId: string; projectId: string }>;
export type FollowUpAsked = DomainEvent<'FollowUpAsked', Asked & { turn: number }>;
/** Round 2 or 3 of a turn: the advisors who answered the round before respond to each other. */
export type RoundStarted = DomainEvent<'RoundStarted', { sessionId: string; turn: number; round: number; assistantIds: string[]; at: string }>;
export type AdvisorAnswered = DomainEvent<
  'AdvisorAnswered',
  {
    sessionId: string;
    turn: number;
    round?: number;
    assistantId: string;
    text: string;
    json: unknown;
    model: string;
    tokensIn: number;
    tokensOut: number;
    credits: number;
    holdId: string;
    sources?: Source[];
    at: string;
  }
>;
export type AdvisorFailed = DomainEvent<'AdvisorFailed', { sessionId: string; turn: number; round?: number; assistantId: string; reason: string; at: string }>;
export type SynthesisWritten = DomainEvent<
  'SynthesisWritten',
  {
    sessionId: string;
    orgId: string;
    projectId: string;
    turn: number;
    /** The turn's question (events written before it was added lack it). */
    question?: string;
    assistantId: string;
    synthesis: SynthesisResult;
    /** Advisors who did not answer every round (named in the synthesis prompt). */
    missing: string[];
    model: string;
    tokensIn: number;
    tokensOut: number;
    credits: number;
    holdId: string;
    at: string;
  }
>;
export type SynthesisFailed = DomainEvent<'SynthesisFailed', { sessionId: string; turn: number; reason: string; at: string }>;
/** A member stopped the meeting: what was still being written is dropped, its holds released. */
export type SessionStopped = DomainEvent<'SessionStopped', { sessionId: string; turn: number; userId: string; at: string }>;
/**
 * A failed advisor asked again. `synthesisHoldId`: the turn's synthesis had failed (nobody had answered, or
 * its call failed), and is written again once the answer is in, from this hold (events before it lack it).
 */
export type AdvisorRetried = DomainEvent<
  'AdvisorRetried',
  { sessionId: string; turn: number; round: number; assistantId: string; holdId: string; userId: string; at: string; synthesisHoldId?: string }
>;
/** A member asked for a synthesis that had failed or was stopped to be written again, from this hold. */
export type SynthesisRetried = DomainEvent<'SynthesisRetried', { sessionId: string; turn: number; holdId: string; userId: string; at: string }>;
/** The turn is over: every call answered, failed or was stopped. */
export type SessionEnded = DomainEvent<'SessionEnded', { sessionId: string; turn: number; credits: number; at: string }>;
export type SessionRenamed = DomainEvent<'SessionRenamed', { sessionId: string; title: string; userId: string; at: string }>;
export type SessionDeleted = DomainEvent<'SessionDeleted', { sessionId: string; userId: string; at: string }>;
/** A read-only public link; only the SHA-256 of its token is kept. */
export type SessionShared = DomainEvent<'SessionShared', { sessionId: string; tokenHash: string; userId: string; at: string }>;
export type SessionShareRevoked = DomainEvent<'SessionShareRevoked', { sessionId: string; userId: string; at: string }>;

export type SessionEvent =
  | SessionStarted
  | FollowUpAsked
  | RoundStarted
  | AdvisorAnswered
  | AdvisorFailed
  | SynthesisWritten
  | SynthesisFailed
  | SessionStopped
  | AdvisorRetried
  | SynthesisRetried
  | SessionEnded
  | SessionRenamed
  | SessionDeleted
  | SessionShared
  | SessionShareRevoked;

export type AnswerStatus = 'running' | 'answered' | 'failed' | 'stopped';

export interface Answer {
  assistantId: string;
  name: string;
  round: number;
  status: AnswerStatus;
  text: string;
  json: unknown;
  model: string | null;
  credits: number;
  tokensIn: number;
  tokensOut: number;
  reason: string | null;
  structured: boolean;
  sources: Source[];
}

export interface Synthesis {
  assistantId: string;
  name: string;
  status: 'waiting' | 'written' | 'failed' | 'stopped';
  result: SynthesisResult | null;
  missing: string[];
  credits: number;
  tokensIn: number;
  tokensOut: number;
  reason: string | null;
}

export interface Turn {
  turn: number;
  question: string;
  at: string;
  mode: MeetingMode;
  rounds: number;
  /** The round being answered (the last started). */
  round: number;
  answers: Answer[];
  synthesis: Synthesis | null;
  holds: HoldRef[];
  sources: Source[];
  memory: string[];
  /** Once ended, a retried answer ends the turn again as soon as it is recorded. */
  ended: boolean;
}

export interface SessionState {
  exists: boolean;
  sessionId: string | null;
  orgId: string | null;
  projectId: string | null;
  status: 'running' | 'done';
  turns: Turn[];
  credits: number;
  title: string | null;
  deleted: boolean;
  shareHash: string | null;
}

export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;

export const initialSessionState = (): SessionState => ({
  exists: false,
  sessionId: null,
  orgId: null,
  projectId: null,
  status: 'done',
  turns: [],
  credits: 0,
  title: null,
  deleted: false,
  shareHash: null,
});

const waiting = (assistantIds: string[], names: Record<string, string>, round: number, structured: string[], sources: Source[]): Answer[] =>
  assistantIds.map((assistantId) => ({
    assistantId,
    name: names[assistantId] ?? '',
    round,
    status: 'running',
    text: '',
    json: null,
    model: null,
    credits: 0,
    tokensIn: 0,
    tokensOut: 0,
    reason: null,
    structured: structured.includes(assistantId),
    sources,
  }));

function newTurn(turn: number, d: Asked): Turn {
  const structured = d.structured ?? [];
  const sources = d.sources ?? [];
  const chair = d.chairId ?? null;
  return {
    turn,
    question: d.question,
    at: d.at,
    mode: d.mode ?? 'boardroom',
    rounds: d.rounds ?? 1,
    round: 1,
    answers: waiting(d.assistantIds, d.names, 1, structured, sources),
    synthesis: chair
      ? { assistantId: chair, name: d.names[chair] ?? '', status: 'waiting', result: null, missing: [], credits: 0, tokensIn: 0, tokensOut: 0, reason: null }
      : null,
    holds: d.holds ?? [],
    sources,
    memory: d.memory ?? [],
    ended: false,
  };
}

/** Changes the current turn. */
function inTurn(state: SessionState, turn: number, change: (t: Turn) => Turn): SessionState {
  return { ...state, turns: state.turns.map((t) => (t.turn === turn ? change(t) : t)) };
}

const settleAnswer = (state: SessionState, turn: number, round: number, assistantId: string, change: Partial<Answer>) =>
  inTurn(state, turn, (t) => ({ ...t, answers: t.answers.map((a) => (a.assistantId === assistantId && a.round === round ? { ...a, ...change } : a)) }));

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted': {
      const { sessionId, orgId, projectId } = event.data;
      return { ...state, exists: true, sessionId, orgId, projectId, status: 'running', turns: [newTurn(1, event.data)] };
    }
    case 'FollowUpAsked':
      return { ...state, status: 'running', turns: [...state.turns, newTurn(event.data.turn, event.data)] };
    case 'RoundStarted': {
      const { turn, round, assistantIds } = event.data;
      return inTurn(state, turn, (t) => {
        const first = t.answers.filter((a) => a.round === 1);
        const names = Object.fromEntries(first.map((a) => [a.assistantId, a.name]));
        const structured = first.filter((a) => a.structured).map((a) => a.assistantId);
        return { ...t, round, answers: [...t.answers, ...waiting(assistantIds, names, round, structured, t.sources)] };
      });
    }
    case 'AdvisorAnswered': {
      const { turn, round = 1, assistantId, text, json, model, tokensIn, tokensOut, credits } = event.data;
      const next = settleAnswer(state, turn, round, assistantId, { status: 'answered', text, json, model, tokensIn, tokensOut, credits, reason: null });
      return { ...next, credits: state.credits + credits };
    }
    case 'AdvisorFailed':
      return settleAnswer(state, event.data.turn, event.data.round ?? 1, event.data.assistantId, { status: 'failed', reason: event.data.reason });
    case 'SynthesisWritten': {
      const { turn, synthesis, missing, tokensIn, tokensOut, credits } = event.data;
      const next = inTurn(state, turn, (t) => ({
        ...t,
        synthesis: t.synthesis && { ...t.synthesis, status: 'written', result: synthesis, missing, credits, tokensIn, tokensOut, reason: null },
      }));
      return { ...next, credits: state.credits + credits };
    }
    case 'SynthesisFailed':
      return inTurn(state, event.data.turn, (t) => ({ ...t, synthesis: t.synthesis && { ...t.synthesis, status: 'failed', reason: event.data.reason } }));
    case 'SessionStopped':
      return inTurn(state, event.data.turn, (t) => ({
        ...t,
        answers: t.answers.map((a) => (a.status === 'running' ? { ...a, status: 'stopped', reason: 'Stopped before this answer was complete' } : a)),
        synthesis: t.synthesis?.status === 'waiting' ? { ...t.synthesis, status: 'stopped', reason: 'Stopped before the synthesis was written' } : t.synthesis,
      }));
    case 'AdvisorRetried': {
      const { turn, round, assistantId, holdId, synthesisHoldId } = event.data;
      const next = settleAnswer(state, turn, round, assistantId, { status: 'running', text: '', reason: null });
      const asked = inTurn(next, turn, (t) => ({ ...t, holds: [...t.holds, { holdId, round, assistantId, credits: 0 }] }));
      return { ...(synthesisHoldId ? synthesisAskedAgain(asked, turn, synthesisHoldId) : asked), status: 'running' };
    }
    case 'SynthesisRetried':
      return { ...synthesisAskedAgain(state, event.data.turn, event.data.holdId), status: 'running' };
    case 'SessionEnded':
      return { ...inTurn(state, event.data.turn, (t) => ({ ...t, ended: true })), status: 'done' };
    case 'SessionRenamed':
      return { ...state, title: event.data.title };
    case 'SessionDeleted':
      return { ...state, deleted: true, shareHash: null };
    case 'SessionShared':
      return { ...state, shareHash: event.data.tokenHash };
    case 'SessionShareRevoked':
      return { ...state, shareHash: null };
  }
}

export const currentTurn = (state: SessionState): Turn | undefined => state.turns.at(-1);

/** A turn's synthesis asked for again (after a retry, or alone): waiting again, with the hold of its call. */
function synthesisAskedAgain(state: SessionState, turn: number, holdId: string): SessionState {
  return inTurn(state, turn, (t) =>
    t.synthesis
      ? { ...t, holds: [...t.holds, { holdId, round: 0, assistantId: t.synthesis.assistantId, credits: 0 }], synthesis: { ...t.synthesis, status: 'waiting', reason: null } }
      : t,
  );
}

/** The calls of the current turn still being written. */
export const pendingOf = (state: SessionState): Answer[] => (currentTurn(state)?.answers ?? []).filter((a) => a.status === 'running');

/** Who answered in a round of a turn. */
export const answeredIn = (turn: Turn, round: number): Answer[] => turn.answers.filter((a) => a.round === round && a.status === 'answered');

/** Advisors of the turn who did not answer every round that was held. */
export function missingOf(turn: Turn): string[] {
  const first = turn.answers.filter((a) => a.round === 1);
  return first.filter((a) => turn.answers.some((b) => b.assistantId === a.assistantId && b.status !== 'answered')).map((a) => a.name);
}
