import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { EventStore } from '../../eventstore/store.ts';
import { type Decider } from '../../eventstore/decider.ts';
import { handleCommand, type CommandOptions, type CommandOutcome } from '../../eventstore/command-handler.ts';
import type { ConnectReadModels, ReadModelGate } from '../../eventstore/read-models.ts';
import type { DomainEvent, EventMetadata, LogPosition } from '../../eventstore/types.ts';
import { runTransaction, type Tx } from '../../eventstore/transaction.ts';
import type { CommandMetrics } from '../../platform/metrics.ts';
import { noteAppend } from '../request-scope.ts';

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
  /** Tells the current caller's next reads to wait for this position (a command appended outside `run`). */
  appended(position: LogPosition): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: CommandMetrics;
    store: EventStore;
    readModels: ReadModelGate;
    commands: Commands;
  }
}

const noReadModels: ReadModelGate = { waitFor: async () => true, waitForAll: async () => true };

export default fp<{ connectReadModels?: ConnectReadModels }>(
  async (app, options) => {
    const store = new EventStore(app.pg);
    const link = options.connectReadModels
      ? await options.connectReadModels({
          store,
          pool: app.pg,
          databaseUrl: app.config.DATABASE_URL,
          onError: (err) => app.log.warn({ err }, 'read models: could not signal an append'),
        })
      : { gate: noReadModels, close: async () => {} };
    const readModels = link.gate;

    const metrics: CommandMetrics = { commands: 0, retries: 0 };
    const commands: Commands = {
      async run(decider, streamId, command, options) {
        const outcome = await handleCommand(store, decider, streamId, command, options);
        metrics.commands++;
        metrics.retries += outcome.attempts - 1;
        if (outcome.append) {
          noteAppend(outcome.append.position);
          await readModels.waitFor(outcome.events.map((e) => e.type), outcome.append.position, app.config.READ_MODEL_WAIT_MS);
        }
        return outcome;
      },
      async transaction(fn) {
        const { value, appended } = await runTransaction(app.pg, store, fn);
        const last = appended.at(-1);
        if (last) {
          noteAppend(last.append.position);
          await readModels.waitFor(appended.flatMap((a) => a.types), last.append.position, app.config.READ_MODEL_WAIT_MS);
        }
        return value;
      },
      appended: noteAppend,
      metadata(request) {
        return {
          // The request's id (a proxy's X-Request-Id when it sent one): one id from the HTTP log line to the events.
          correlation_id: request.id,
          actor: request.user?.id ?? (request.apiKey ? `api_key:${request.apiKey.keyId}` : 'anonymous'),
          ...(request.apiKey ? { api_key_id: request.apiKey.keyId } : {}),
        };
      },
    };

    app.decorate('metrics', metrics);
    app.decorate('store', store);
    app.decorate('readModels', readModels);
    app.decorate('commands', commands);
    app.addHook('onClose', async () => link.close());
  },
  { name: 'eventstore', dependencies: ['db', 'queues'] },
);
