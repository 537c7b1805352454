import type { OrgStream } from '../credits/command-queue.ts';
import { Credits, type CreditsDeps } from '../credits/commands.ts';
import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { orgDecider } from './decider.ts';
import { orgStreamId, type OrgEvent, type OrgState } from './events.ts';

/** The organization's stream as services/credits writes to it: the decider that composes the credits' decide and evolve with the organization's own. */
export const orgStream: OrgStream<OrgState, OrgEvent> = { decider: orgDecider, streamId: orgStreamId };

/** The credits' front door on organizations' streams: one per process and event store (the API's, the worker's). */
export type OrgCredits = Credits<OrgState, OrgEvent>;
export const createOrgCredits = (deps: Omit<CreditsDeps<OrgState, OrgEvent>, 'stream'>): OrgCredits => new Credits({ ...deps, stream: orgStream });

/** The organization's state from its stream (optionally inside a transaction). */
export const loadOrg = (store: EventStore, orgId: string, client?: Queryable): Promise<OrgState> => loadState(store, orgDecider, orgStreamId(orgId), client);
