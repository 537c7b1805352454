// A worker's start, in a process of its own: every live read model caught up over the log's backlog,
// the backlog in groups side by side sharing each read of the log (projections/live.ts), as the
// worker's live catch-up does. Answers the seconds, the events applied and this process's CPU-seconds.
import { catchUp } from '../projections/catch-up.ts';
import { BACKLOG, everyReadModel } from '../projections/live.ts';
import { runStoreJob } from './store-job.ts';

await runStoreJob(async (pool, store) => ({ applied: await catchUp(pool, store, everyReadModel, { liveOnly: true, settleMs: 0, backlog: BACKLOG }) }));
