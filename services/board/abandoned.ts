import { handleCommand } from '../eventstore/command-handler.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { staleSessions } from '../../projections/sessions/queries.ts';
import { sessionDecider } from './decider.ts';
import { sessionStreamId } from './events.ts';

export const ABANDONED_REASON = 'The server stopped while this answer was being written; its credits hold was released';

/**
 * Ends sessions whose answering process died: every call still waiting after every hold of its
 * meeting has expired (nothing can be captured any more) is recorded as failed. Any process may run
 * it, any number of times: the decider records a call once.
 */
export async function failAbandoned(deps: { store: EventStore; pg: Queryable }, olderThanMs: number, now = Date.now()): Promise<number> {
  let failed = 0;
  for (const sessionId of await staleSessions(deps.pg, new Date(now - olderThanMs))) {
    const outcome = await handleCommand(deps.store, sessionDecider, sessionStreamId(sessionId), {
      type: 'AbandonSession',
      data: { sessionId, reason: ABANDONED_REASON, at: new Date(now).toISOString() },
    }, { metadata: { actor: 'system' } });
    failed += outcome.events.filter((e) => e.type === 'AdvisorFailed').length;
  }
  return failed;
}
