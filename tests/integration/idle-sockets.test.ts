import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { waitFor } from '../support/processes.ts';

/** Issue 23 item 12: a client that never reads its answer does not keep its socket past HTTP_SOCKET_TIMEOUT_MS. */
let t: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startApp({ workers: false, env: { HTTP_SOCKET_TIMEOUT_MS: '1000' } });
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t?.close();
});

/** A raw client that sends `count` requests for `path` on one connection and never reads a byte of the answers. */
function neverReads(path: string, count: number): Promise<void> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`.repeat(count), () => resolve());
    });
    socket.on('error', reject);
    sockets.push(socket);
  });
}

const openConnections = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

describe('idle sockets', () => {
  it('closes the sockets of ten clients that never read their answers (small answers and answers too big for the buffers)', async () => {
    const closed: number[] = [];
    t.app.server.on('connection', (socket) => socket.on('close', () => closed.push(Date.now())));
    const start = Date.now();
    await Promise.all([
      ...Array.from({ length: 5 }, () => neverReads('/api/health/live', 1)),
      ...Array.from({ length: 5 }, () => neverReads('/api/docs/json', 50)),
    ]);
    // Bounded by the condition, far below the keep-alive timeout (72 s) that kept the small answers' sockets open.
    await waitFor('every such socket closed by the server', async () => closed.length === 10 && (await openConnections()) === 0, 20_000);
    expect(Math.max(...closed) - start).toBeLessThan(20_000);
  }, 60_000);
});
