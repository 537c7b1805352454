import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { EventStore } from '../../eventstore/store.ts';
import { handleCommand, type CommandOptions, type CommandOutcome, type Decider } from '../../eventstore/decider.ts';
import type { DomainEvent, EventMetadata } from '../../eventstore/types.ts';
import { runTransaction, type Tx } from '../../eventstore/transaction.ts';
import { ProjectionProgress } from '../../../projections/progress.ts';
import { wakeOnAppend } from '../../../projections/waker.ts';

export interface Commands {
  /** Runs a command on one stream and waits (bounded) until the read models it feeds show it. */
  run<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C,
    options: CommandOptions<S, E>,
  ): Promise<CommandOutcome<S, E>>;
  /**
   * Runs several commands in one Postgres transaction (with reservations beside them); a
   * concurrency clash re-runs the whole function. Waits for the read models once it committed.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  metadata(request: FastifyRequest): EventMetadata;
}

/** Counters of this process, for the benchmark and the ops page. */
export interface CommandMetrics {
  commands: number;
  /** Re-reads after a concurrency clash (attempts beyond the first). */
  retries: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: CommandMetrics;
    store: EventStore;
    progress: ProjectionProgress;
    commands: Commands;
  }
}

export default fp(
  async (app) => {
    const store = new EventStore(app.pg);
    const wakeUps = wakeOnAppend(store, app.queues.projector, app.config.DATABASE_URL, (err) => app.log.warn({ err }, 'could not signal an append'));
    const progress = new ProjectionProgress(app.pg, app.config.DATABASE_URL);
    await progress.start();

    const metrics: CommandMetrics = { commands: 0, retries: 0 };
    const commands: Commands = {
      async run(decider, streamId, command, options) {
        const outcome = await handleCommand(store, decider, streamId, command, options);
        metrics.commands++;
        metrics.retries += outcome.attempts - 1;
        if (outcome.append) await progress.waitFor(outcome.events.map((e) => e.type), outcome.append.position);
        return outcome;
      },
      async transaction(fn) {
        const { value, appended } = await runTransaction(app.pg, store, fn);
        const last = appended.at(-1);
        if (last) await progress.waitFor(appended.flatMap((a) => a.types), last.append.position);
        return value;
      },
      metadata(request) {
        return {
          correlation_id: (request.headers['x-correlation-id'] as string | undefined) ?? request.id,
          actor: request.user?.id ?? 'anonymous',
        };
      },
    };

    app.decorate('metrics', metrics);
    app.decorate('store', store);
    app.decorate('progress', progress);
    app.decorate('commands', commands);
    app.addHook('onClose', async () => {
      await progress.close();
      await wakeUps.close();
    });
  },
  { name: 'eventstore', dependencies: ['db', 'queues'] },
);
