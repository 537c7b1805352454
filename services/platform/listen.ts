import pg from 'pg';
import { clientConfig } from './pool.ts';

export interface ListenOptions {
  onNotification: (channel: string, payload: string) => void;
  /** LISTEN is in place again (also the first time): whatever was missed meanwhile must be assumed changed. */
  onConnected?: () => void;
  /** The connection is gone: notifications may be missed until onConnected. */
  onLost?: (err: Error) => void;
  maxBackoffMs?: number;
}

export interface Listening {
  readonly connected: boolean;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * A connection that LISTENs to some channels and comes back by itself: when Postgres goes away
 * (a terminated backend, a restart, a network cut) it reconnects with backoff and LISTENs again.
 * Resolves once the first LISTEN is in place (or has failed once: it keeps trying in the background).
 */
export async function listen(connectionString: string, channels: string[], options: ListenOptions): Promise<Listening> {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  const maxBackoff = options.maxBackoffMs ?? 5000;

  const state = {
    get connected() {
      return client !== null;
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };

  const lost = (c: pg.Client, err: Error) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    options.onLost?.(err);
    if (!closed) void loop();
  };

  async function connectOnce(): Promise<void> {
    const c = new pg.Client({ ...clientConfig(connectionString), query_timeout: undefined, statement_timeout: undefined });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('Connection terminated')));
    c.on('notification', (msg) => {
      if (msg.payload !== undefined) options.onNotification(msg.channel, msg.payload);
    });
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    options.onConnected?.();
  }

  async function loop(): Promise<void> {
    while (!closed && !client) {
      try {
        await connectOnce();
      } catch {
        attempt++;
        await sleep(Math.min(maxBackoff, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }
  }

  try {
    await connectOnce();
  } catch {
    void loop();
  }
  return state;
}
