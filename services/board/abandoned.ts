import { handleCommand, loadState } from '../eventstore/command-handler.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { staleSessions } from '../../projections/sessions/queries.ts';
import { sessionDecider } from './decider.ts';
import { currentTurn, pendingOf, sessionStreamId } from './events.ts';

export const ABANDONED_REASON = 'The server stopped while this answer was being written; its credits hold was released';

/**
 * Ends sessions whose answering process died: an advisor still waiting after every hold of its
 * turn has expired (nothing can be captured any more) is recorded as failed. Any process may run
 * it, any number of times: the decider records an advisor once.
 */
export async function failAbandoned(deps: { store: EventStore; pg: Queryable }, olderThanMs: number, now = Date.now()): Promise<number> {
  let failed = 0;
  for (const sessionId of await staleSessions(deps.pg, new Date(now - olderThanMs))) {
    const state = await loadState(deps.store, sessionDecider, sessionStreamId(sessionId));
    const turn = currentTurn(state);
    for (const assistantId of pendingOf(state)) {
      const outcome = await handleCommand(deps.store, sessionDecider, sessionStreamId(sessionId), {
        type: 'RecordFailure',
        data: { sessionId, turn: turn!.turn, assistantId, reason: ABANDONED_REASON, at: new Date(now).toISOString() },
      }, { metadata: { actor: 'system' } });
      if (outcome.append) failed++;
    }
  }
  return failed;
}
