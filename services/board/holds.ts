import type { EventMetadata } from '../eventstore/types.ts';
import { MAX_HOLD_TTL_SECONDS } from '../credits/decisions.ts';
import type { Credits } from '../credits/commands.ts';
import type { HoldRef, SessionState } from './events.ts';
import type { LlmSettings } from './llm/settings.ts';
import { MAX_ROUNDS } from './llm/tokens.ts';
import type { PlannedCall } from './plan.ts';

/** What holds are placed and released with: the credits' front door. */
export interface HoldDeps {
  credits: Pick<Credits, 'assertRoom' | 'hold' | 'capture' | 'release'>;
  log: { warn(obj: unknown, msg?: string): void };
}

export interface HoldOwner {
  sessionId: string;
  requestId: string;
  orgId: string;
  projectId: string;
  userId: string;
  metadata: EventMetadata;
  /** The project's name and the question, for the history (callDescription). */
  projectName?: string;
  question: string;
}

/** Each hold says which project it is for (project budgets read it). */
export const holdMetadata = (owner: HoldOwner): EventMetadata => ({ ...owner.metadata, project_id: owner.projectId });

/**
 * A hold outlives every call of the meeting that may run before its own: each request may wait the
 * idle timeout, for every retry and function round, in each stage (the rounds, then the synthesis).
 */
export function holdTtlSeconds(settings: Pick<LlmSettings, 'timeoutMs' | 'maxRetries'>, stages = 4): number {
  const { timeoutMs, maxRetries } = settings;
  return Math.min(MAX_HOLD_TTL_SECONDS, Math.ceil((timeoutMs * (maxRetries + 1) * MAX_ROUNDS * stages) / 1000) + 300);
}

const holdKey = (owner: HoldOwner, call: PlannedCall) =>
  `board-${owner.sessionId}-${owner.requestId}-${call.round === 0 ? 'synthesis' : `r${call.round}`}-${call.spec.assistantId}`;

const QUESTION_SHOWN = 80;

/**
 * What a board call's hold and debit say in the member's history: the project and the question,
 * then who answered (never an id).
 */
export function callDescription(meeting: Pick<HoldOwner, 'projectName' | 'question'>, call: PlannedCall): string {
  const question = meeting.question.replace(/\s+/g, ' ').trim();
  const shown = question.length > QUESTION_SHOWN ? `${question.slice(0, QUESTION_SHOWN - 1)}…` : question;
  const who = call.round === 0 ? `synthesis by ${call.spec.name}` : `${call.spec.name}, round ${call.round}`;
  return `Board · ${meeting.projectName ?? 'Project'}: “${shown}” — ${who}`;
}

/**
 * Holds the most each call can cost, all or none: a member whose organization, or whose budget (or
 * the project's), cannot cover the whole meeting gets a 402 before anything is held or called, which
 * speaks of what was spent and held before this meeting.
 */
export async function placeHolds(deps: HoldDeps, owner: HoldOwner, calls: PlannedCall[], settings: LlmSettings): Promise<HoldRef[]> {
  const needed = calls.reduce((n, c) => n + c.maxCredits, 0);
  await deps.credits.assertRoom({ orgId: owner.orgId, userId: owner.userId, projectId: owner.projectId, credits: needed });
  const holds: HoldRef[] = [];
  const ttlSeconds = holdTtlSeconds(settings, Math.max(...calls.map((c) => c.round)) + 1);
  try {
    for (const call of calls) {
      const placed = await deps.credits.hold({
        orgId: owner.orgId,
        userId: owner.userId,
        projectId: owner.projectId,
        credits: call.maxCredits,
        description: callDescription(owner, call),
        idempotencyKey: holdKey(owner, call),
        ttlSeconds,
        metadata: holdMetadata(owner),
      });
      holds.push({ holdId: placed.holdId, round: call.round, assistantId: call.spec.assistantId, credits: placed.credits });
    }
    return holds;
  } catch (err) {
    await releaseHolds(deps, owner, holds);
    throw err;
  }
}

/** Gives holds back; one already closed (captured, or released by a stop) is left as it is. */
export async function releaseHolds(deps: HoldDeps, owner: Pick<HoldOwner, 'orgId' | 'metadata' | 'projectId'>, holds: HoldRef[]): Promise<void> {
  for (const hold of holds) {
    await deps.credits.release({ orgId: owner.orgId, holdId: hold.holdId, metadata: { ...owner.metadata, project_id: owner.projectId } }).catch((err: { statusCode?: number }) => {
      if (err?.statusCode !== 409) deps.log.warn({ err, holdId: hold.holdId }, 'could not release a board hold (it expires by itself)');
    });
  }
}

/** Holds of calls not captured: later rounds of an advisor who dropped out, a synthesis skipped, a stopped call (one a failed call released answers 409, left alone). */
export function unsettled(holds: HoldRef[], state: SessionState, turnNo: number): HoldRef[] {
  const turn = state.turns.find((t) => t.turn === turnNo);
  return holds.filter((h) => {
    if (h.round === 0) return turn?.synthesis?.status !== 'written';
    return !turn?.answers.some((a) => a.round === h.round && a.assistantId === h.assistantId && a.status === 'answered');
  });
}
