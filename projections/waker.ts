import { AppendNotifier } from '../services/eventstore/notifier.ts';
import type { EventStore } from '../services/eventstore/store.ts';

/**
 * After every committed append: a coalesced `NOTIFY events_appended`, sent on a connection of its
 * own. Workers LISTEN to it and catch the read models up at once, in-process (projections/live.ts);
 * no job per append goes through Redis. BullMQ's safety net (catch-up-all, every SAFETY_NET_MS)
 * catches up whatever a lost notification left behind, and runs the rebuilds.
 */
export function wakeOnAppend(store: EventStore, databaseUrl: string, onError: (err: unknown) => void): { close(): Promise<void> } {
  const notifier = new AppendNotifier(databaseUrl, onError);
  const stop = store.onAppended((result) => notifier.notify(result.position.pos));
  return {
    close: async () => {
      stop();
      await notifier.close();
    },
  };
}
