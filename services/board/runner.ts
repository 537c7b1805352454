import type { MeteredPart } from '../credits/events.ts';
import { handleCommand, loadState } from '../eventstore/command-handler.ts';
import { creditsDebitDuration, creditsDebits } from '../platform/metrics.ts';
import { storable } from '../platform/text.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { LogPosition } from '../eventstore/types.ts';
import { sessionDecider, type SessionCommand } from './decider.ts';
import { answeredIn, currentTurn, missingOf, sessionStreamId, type Answer, type HoldRef, type SessionState } from './events.ts';
import { callDescription, holdMetadata, releaseHolds, unsettled, type HoldDeps } from './holds.ts';
import { callAdvisor, type AdvisorAnswer } from './llm/call.ts';
import type { LlmClient } from './llm/client.ts';
import { LlmError } from './llm/errors.ts';
import type { LiveSessions } from './live.ts';
import { advisorMessages, answerText, synthesisRequest } from './meeting.ts';
import type { SynthesisResult } from './modes/table.ts';
import type { Meeting, PlannedCall } from './plan.ts';
import type { MeterPrice } from './price-table.ts';
import { meteredTokens } from './pricing.ts';

export interface BoardDeps extends HoldDeps {
  store: EventStore;
  commands?: { appended(position: LogPosition): void };
  llm: LlmClient;
  live: LiveSessions;
  log: { warn(obj: unknown, msg?: string): void };
  /** Aborts every call when the process stops (their holds are then released). */
  signal: AbortSignal;
  /** Keeps a background answer so that closing the process can wait for it. */
  track(work: Promise<void>): void;
}

const now = () => new Date().toISOString();

/** Appends a call's outcome; a store that is briefly away is tried again, since the credits already moved. True when something was appended. */
async function record(deps: BoardDeps, meeting: Meeting, command: SessionCommand): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await handleCommand(deps.store, sessionDecider, sessionStreamId(meeting.sessionId), command, { metadata: meeting.metadata });
      if (outcome.append) deps.commands?.appended(outcome.append.position);
      return !!outcome.append;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}

const load = (deps: BoardDeps, meeting: Meeting) => loadState(deps.store, sessionDecider, sessionStreamId(meeting.sessionId));

/**
 * Calls the model for one call of the meeting, then captures its tokens at their exact prices: the
 * whole credits its meters' carried fractions reach (never above the hold). Null when no answer came
 * (the hold is then released) or its hold had closed (a Stop).
 */
async function paidCall(
  deps: BoardDeps,
  meeting: Meeting,
  call: PlannedCall,
  hold: HoldRef,
  messages: Parameters<typeof callAdvisor>[1]['messages'],
  signal: AbortSignal,
  onDelta?: (text: string) => void,
): Promise<{ result: AdvisorAnswer; credits: number } | { reason: string }> {
  let result: AdvisorAnswer;
  try {
    result = await callAdvisor(deps.llm, {
      model: call.spec.model,
      system: call.system,
      messages,
      responseFormat: call.responseFormat,
      tools: call.round === 0 ? undefined : call.spec.tools,
      maxTokens: call.maxTokens,
      signal,
      onDelta,
    });
  } catch (err) {
    await releaseHolds(deps, meeting, [hold]);
    if (!(err instanceof LlmError)) deps.log.warn({ err, assistantId: call.spec.assistantId }, 'board call failed');
    return { reason: err instanceof LlmError ? err.reason : 'The board could not ask this advisor' };
  }
  const timer = creditsDebitDuration.startTimer();
  try {
    const metered = meteredParts(call.price, result.tokensIn, result.tokensOut, meeting.projectId);
    const { captured } = await deps.credits.capture({ orgId: meeting.orgId, holdId: hold.holdId, userId: meeting.userId, description: callDescription(meeting, call), metered, metadata: holdMetadata(meeting) });
    creditsDebits.inc({ outcome: 'ok', via: 'board' });
    return { result, credits: captured };
  } catch (err) {
    creditsDebits.inc({ outcome: (err as { statusCode?: number })?.statusCode === 409 ? 'conflict' : 'error', via: 'board' });
    deps.log.warn({ err, holdId: hold.holdId }, 'could not capture a board hold');
    return { reason: 'The answer arrived after its credits hold had closed; nothing was charged' };
  } finally {
    timer();
  }
}

/** A call's tokens on its rate-card meters, as /usage counts them (a meter with no tokens left out). */
function meteredParts(price: MeterPrice, tokensIn: number, tokensOut: number, projectId: string): MeteredPart[] {
  const { input, output } = meteredTokens(price, tokensIn, tokensOut);
  return [
    { meter: price.meters.input, ...input, projectId },
    { meter: price.meters.output, ...output, projectId },
  ].filter((part) => part.quantity > 0);
}

/** One advisor in one round: from round 2 it hears its own and the others' answers of the round before. */
export async function answerCall(deps: BoardDeps, meeting: Meeting, call: PlannedCall, hold: HoldRef, before: Answer[], signal: AbortSignal): Promise<void> {
  const { assistantId } = call.spec;
  const { sessionId, turn } = meeting;
  const own = before.find((a) => a.assistantId === assistantId);
  const others = before.filter((a) => a.assistantId !== assistantId).map((a) => ({ name: a.name, text: answerText(a) }));
  const messages = advisorMessages(meeting.history, assistantId, meeting.question, call.round, meeting.rounds, meeting.modeDef, own ? answerText(own) : '', others);
  try {
    const outcome = await paidCall(deps, meeting, call, hold, messages, signal, (text) => deps.live.delta(sessionId, turn, call.round, assistantId, text));
    const at = now();
    if ('reason' in outcome) {
      await record(deps, meeting, { type: 'RecordFailure', data: { sessionId, turn, round: call.round, assistantId, reason: outcome.reason, at } });
      return;
    }
    // A model may write characters Postgres cannot keep (NUL): they become U+FFFD.
    const { text, json, model, tokensIn, tokensOut } = storable(outcome.result);
    await record(deps, meeting, {
      type: 'RecordAnswer',
      data: { sessionId, turn, round: call.round, assistantId, text, json, model, tokensIn, tokensOut, credits: outcome.credits, holdId: hold.holdId, sources: meeting.context.sources, at },
    });
  } finally {
    deps.live.settled(sessionId, turn, call.round, assistantId);
  }
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The synthesis as parsed, with every list present (a model may leave an empty one out). */
function synthesisOf(json: unknown): SynthesisResult {
  const o = (json ?? {}) as Record<string, unknown>;
  return {
    summary: typeof o.summary === 'string' ? o.summary : '',
    consensus: asList(o.consensus).map(String),
    dissent: asList(o.dissent).map((d) => ({ point: String((d as { point?: unknown }).point ?? ''), advisors: asList((d as { advisors?: unknown }).advisors).map(String) })),
    decisions: asList(o.decisions).map(String),
    actionItems: asList(o.actionItems).map((a) => {
      const item = a as { title?: unknown; owner?: unknown; due?: unknown };
      return { title: String(item.title ?? ''), owner: typeof item.owner === 'string' ? item.owner : null, due: typeof item.due === 'string' ? item.due : null };
    }),
    risks: asList(o.risks).map(String),
  };
}

async function synthesize(deps: BoardDeps, meeting: Meeting, state: SessionState, hold: HoldRef, signal: AbortSignal): Promise<void> {
  const call = meeting.synthesis!;
  const turn = currentTurn(state)!;
  const heard = turn.answers.filter((a) => a.status === 'answered').map((a) => ({ round: a.round, name: a.name, text: answerText(a) }));
  const missing = missingOf(turn);
  const { messages } = synthesisRequest(call.spec.system, meeting.question, heard, missing, meeting.context);
  const outcome = await paidCall(deps, meeting, call, hold, messages, signal);
  const base = { sessionId: meeting.sessionId, turn: meeting.turn, at: now() };
  if ('reason' in outcome) {
    await record(deps, meeting, { type: 'RecordSynthesisFailure', data: { ...base, reason: outcome.reason } });
    return;
  }
  const { model, tokensIn, tokensOut } = outcome.result;
  const synthesis = storable(synthesisOf(outcome.result.json));
  await record(deps, meeting, {
    type: 'RecordSynthesis',
    data: { ...base, orgId: meeting.orgId, projectId: meeting.projectId, question: meeting.question, assistantId: call.spec.assistantId, synthesis, missing, model, tokensIn, tokensOut, credits: outcome.credits, holdId: hold.holdId },
  });
}

const holdOf = (holds: HoldRef[], round: number, assistantId: string) => holds.find((h) => h.round === round && h.assistantId === assistantId);

/** The rounds, then the synthesis; at the end every hold not captured is released. */
async function meet(deps: BoardDeps, meeting: Meeting, holds: HoldRef[], signal: AbortSignal, released: Set<string>): Promise<void> {
  for (let round = 1; round <= meeting.rounds; round++) {
    const state = await load(deps, meeting);
    const turn = currentTurn(state);
    if (state.status !== 'running' || turn?.turn !== meeting.turn || signal.aborted) return;
    const before = round === 1 ? [] : answeredIn(turn, round - 1);
    const ids = round === 1 ? meeting.specs.map((s) => s.assistantId) : before.map((a) => a.assistantId);
    if (ids.length === 0) break;
    if (round > 1 && !(await record(deps, meeting, { type: 'StartRound', data: { sessionId: meeting.sessionId, turn: meeting.turn, round, assistantIds: ids, at: now() } }))) break;
    await Promise.all(
      ids.map((id) => answerCall(deps, meeting, meeting.calls.find((c) => c.round === round && c.spec.assistantId === id)!, holdOf(holds, round, id)!, before, signal)),
    );
  }
  const state = await load(deps, meeting);
  const turn = currentTurn(state);
  // The rounds are over: the holds of calls that will not be made (advisors who dropped out) go back
  // now, so the credits are free before the meeting says it has ended.
  const dropped = unsettled(holds, state, meeting.turn).filter((h) => h.round !== 0);
  for (const h of dropped) released.add(h.holdId);
  await releaseHolds(deps, meeting, dropped);
  const hold = meeting.synthesis && holdOf(holds, 0, meeting.synthesis.spec.assistantId);
  if (hold && !signal.aborted && state.status === 'running' && turn?.turn === meeting.turn && turn.synthesis?.status === 'waiting') {
    await synthesize(deps, meeting, state, hold, signal);
  }
  if (deps.signal.aborted) {
    const reason = 'The server stopped before this meeting was over; its credits holds were released';
    await record(deps, meeting, { type: 'AbandonSession', data: { sessionId: meeting.sessionId, reason, at: now() } });
  }
}

/** Runs the meeting in the background; each call ends recorded as answered, failed or stopped. */
export function runMeeting(deps: BoardDeps, meeting: Meeting, holds: HoldRef[]): void {
  const stopped = deps.live.started(meeting.sessionId);
  const signal = AbortSignal.any([deps.signal, stopped]);
  // Holds the meeting gave back itself: the end does not release them a second time.
  const released = new Set<string>();
  const work = meet(deps, meeting, holds, signal, released)
    .catch((err) => deps.log.warn({ err, sessionId: meeting.sessionId }, 'could not run a board meeting'))
    .finally(async () => {
      const state = await load(deps, meeting).catch(() => null);
      await releaseHolds(deps, meeting, (state ? unsettled(holds, state, meeting.turn) : holds).filter((h) => !released.has(h.holdId)));
      deps.live.finished(meeting.sessionId, stopped);
      deps.live.changed(meeting.sessionId);
    });
  deps.track(work);
}

/**
 * Work asked for again in a done session, in the background: it stops with the meeting's stop, and at
 * its end every hold it was given that was not captured is released.
 */
function runAgain(deps: BoardDeps, meeting: Meeting, holds: HoldRef[], what: string, work: (signal: AbortSignal) => Promise<void>): void {
  const stopped = deps.live.started(meeting.sessionId);
  const done = work(AbortSignal.any([deps.signal, stopped]))
    .catch((err) => deps.log.warn({ err, sessionId: meeting.sessionId }, `could not ${what}`))
    .finally(async () => {
      await releaseHolds(deps, meeting, holds);
      deps.live.finished(meeting.sessionId, stopped);
    });
  deps.track(done);
}

/** The turn's synthesis, written from `hold` if it waits for one (asked again, and the turn still this meeting's). */
async function synthesizeIfWaiting(deps: BoardDeps, meeting: Meeting, hold: HoldRef, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const state = await load(deps, meeting);
  const turn = currentTurn(state);
  if (state.status === 'running' && turn?.turn === meeting.turn && turn.synthesis?.status === 'waiting') await synthesize(deps, meeting, state, hold, signal);
}

/** Writes a turn's synthesis again (it had failed or was stopped), from what was answered. */
export function runSynthesisAgain(deps: BoardDeps, meeting: Meeting, hold: HoldRef): void {
  runAgain(deps, meeting, [hold], 'write a synthesis again', (signal) => synthesizeIfWaiting(deps, meeting, hold, signal));
}

/**
 * Asks one failed advisor again, in the round it failed, hearing what that round heard; then, when the
 * retry asked for it (`synthesisHold`: the turn's synthesis had failed), writes the synthesis again.
 */
export function runRetry(deps: BoardDeps, meeting: Meeting, call: PlannedCall, hold: HoldRef, before: Answer[], synthesisHold?: HoldRef): void {
  runAgain(deps, meeting, synthesisHold ? [hold, synthesisHold] : [hold], 'record a retried answer', async (signal) => {
    await answerCall(deps, meeting, call, hold, before, signal);
    if (synthesisHold) await synthesizeIfWaiting(deps, meeting, synthesisHold, signal);
  });
}
