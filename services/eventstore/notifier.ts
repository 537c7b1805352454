import pg from 'pg';
import { clientConfig } from '../platform/pool.ts';

export const APPENDED_CHANNEL = 'events_appended';

/**
 * `NOTIFY streams_changed, '<stream id>'` is sent by Postgres itself, in the appending transaction,
 * when a stream whose changes caches must hear of is appended to (users, roles: see
 * migrations/functions/event-store.sql), and for a session ended (`session-<hash>`). Such
 * transactions are rare, so the notification's commit-time lock costs nothing measurable.
 */
export const STREAMS_CHANGED_CHANNEL = 'streams_changed';

/**
 * Sends `NOTIFY events_appended, '<last position>'` after appends have committed, on a
 * connection of its own. A notification takes a cluster-wide lock at commit, so it stays out of
 * the appends' transactions, and the appends of one moment share a single notification.
 */
export class AppendNotifier {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private sending = false;
  private pending: number | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  notify(position: number): void {
    this.pending = Math.max(this.pending ?? 0, position);
    if (!this.sending) void this.flush();
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client(clientConfig(this.connectionString));
      client.on('error', () => {
        if (this.client === client) this.client = null;
        client.end().catch(() => {});
      });
      await client.connect();
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async flush(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending !== null) {
        const position = this.pending;
        this.pending = null;
        await (await this.connection()).query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, String(position)]);
      }
    } catch (err) {
      const broken = this.client;
      this.client = null;
      broken?.end().catch(() => {});
      this.onError(err);
    } finally {
      this.sending = false;
    }
  }

  async close(): Promise<void> {
    this.pending = null;
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
