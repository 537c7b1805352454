// Every read model rebuilt from the whole log (projections/rebuild.ts rebuildMany), in a process of its
// own, as the worker's rebuild job runs it. Answers the seconds and this process's CPU-seconds.
import { rebuildMany } from '../projections/rebuild.ts';
import { projections } from '../projections/registry.ts';
import { runStoreJob } from './store-job.ts';

await runStoreJob(async (pool, store) => {
  await rebuildMany(pool, store, projections, { batchSize: 5000 });
  return {};
});
