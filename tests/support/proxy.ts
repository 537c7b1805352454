import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'stall' | 'cut';

export interface TcpProxy {
  port: number;
  /** A URL like `target` but through the proxy (postgres://… or redis://…). */
  url(target: string): string;
  /**
   * pass: bytes flow; stall: connections stay open but no byte moves either way (packets dropped),
   * new connections are accepted and hang; cut: every connection is reset and new ones too.
   */
  set(mode: ProxyMode): void;
  readonly mode: ProxyMode;
  /** Connections open through it now. */
  readonly open: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
}

/**
 * A small TCP proxy of our own in front of the shared Postgres or Redis, to stall or cut the
 * product's connections to them without touching the servers themselves.
 */
export async function startProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const pairs = new Set<Pair>();

  const pump = (pair: Pair) => {
    if (mode === 'pass') {
      pair.client.resume();
      pair.server.resume();
    } else {
      pair.client.pause();
      pair.server.pause();
    }
  };

  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    upstream.on('error', () => client.destroy());
    const pair = { client, server: upstream };
    pairs.add(pair);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    pump(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url(target: string) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    set(next: ProxyMode) {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === 'cut') {
          pairs.delete(pair);
          pair.client.resetAndDestroy();
          pair.server.destroy();
        } else pump(pair);
      }
    },
    get mode() {
      return mode;
    },
    get open() {
      return pairs.size;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
