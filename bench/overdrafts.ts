import type pg from 'pg';
import { orgDecider } from '../services/orgs/decider.ts';
import { upcastOrgEvent } from '../services/credits/events.ts';
import { orgStreamId, type OrgEvent } from '../services/orgs/events.ts';

/** Events after which the organization's balance (or what was available) was below zero, folding its stream as the decider does. */
export async function countOverdrafts(db: pg.Pool, orgId: string): Promise<number> {
  const res = await db.query('SELECT event_id::text AS "eventId", type, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [orgStreamId(orgId)]);
  let state = orgDecider.initialState();
  let bad = 0;
  for (const row of res.rows) {
    state = orgDecider.evolve(state, upcastOrgEvent(row as { eventId: string; type: string; data: unknown }) as unknown as OrgEvent);
    const stated = (row.data as { balanceAfter?: number }).balanceAfter;
    if (state.balance < 0 || state.balance < state.held || (stated !== undefined && stated !== state.balance)) bad++;
  }
  return bad;
}
