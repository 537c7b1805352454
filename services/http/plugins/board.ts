import fp from 'fastify-plugin';
import { failAbandoned } from '../../board/abandoned.ts';
import { holdTtlSeconds, type BoardDeps } from '../../board/runner.ts';
import { createLlmClient } from '../../board/llm/client.ts';
import { llmSettings } from '../../board/llm/settings.ts';
import { LiveSessions } from '../../board/live.ts';

const ABANDONED_SWEEP_MS = 60_000;

export interface Board {
  /** What the runner needs, or null when no model provider is configured (LLM_BASE_URL unset). */
  deps: BoardDeps | null;
  live: LiveSessions;
  /** Aborted when the app closes: open session streams end. */
  closing: AbortSignal;
}

declare module 'fastify' {
  interface FastifyInstance {
    board: Board;
  }
}

/**
 * The advisory board's model client and the answers being written in this process. Closing the
 * app cancels the calls still running: their holds are released and their failure recorded
 * before the pool closes.
 */
export default fp(
  async (app) => {
    const settings = llmSettings(app.config);
    const live = new LiveSessions();
    const abort = new AbortController();
    const running = new Set<Promise<void>>();
    const deps: BoardDeps | null = settings && {
      store: app.store,
      credits: app.credits,
      log: app.log,
      llm: createLlmClient(settings, { logger: app.log }),
      live,
      signal: abort.signal,
      track(work) {
        running.add(work);
        void work.finally(() => running.delete(work));
      },
    };
    app.decorate('board', { deps, live, closing: abort.signal });
    // Sessions whose process died: failed once every hold of theirs has expired (see abandoned.ts).
    const sweep =
      deps &&
      setInterval(() => {
        failAbandoned({ store: app.store, pg: app.pg }, holdTtlSeconds(deps.llm) * 1000).catch((err) =>
          app.log.warn({ err }, 'board: could not end abandoned sessions'),
        );
      }, ABANDONED_SWEEP_MS).unref();
    app.addHook('preClose', async () => {
      if (sweep) clearInterval(sweep);
      abort.abort();
      await Promise.allSettled([...running]);
    });
  },
  { name: 'board', dependencies: ['config', 'eventstore', 'credits'] },
);
