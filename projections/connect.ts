import type { ConnectReadModels } from '../services/eventstore/read-models.ts';
import { ProjectionProgress } from './progress.ts';
import { wakeOnAppend } from './waker.ts';

/** The projections' side of an API process: appends wake the read models; commands wait for them. */
export const connectReadModels: ConnectReadModels = async ({ store, pool, databaseUrl, onError }) => {
  const wakeUps = wakeOnAppend(store, databaseUrl, onError);
  const progress = new ProjectionProgress(pool, databaseUrl);
  await progress.start();
  return {
    gate: progress,
    async close() {
      await progress.close();
      await wakeUps.close();
    },
  };
};
