import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A local receiver of outbound webhooks (tests/integration/webhooks-out.test.ts, teams-alerts.test.ts). */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A local receiver: answers each request with the next status of `plan` (then 200), records everything. */
export class Receiver {
  readonly got: Received[] = [];
  plan: number[] = [];
  private server: Server | null = null;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        this.got.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body });
        res.statusCode = this.plan.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The messages of this path that verify with the secret (Standard Webhooks), in arrival order; 2xx answers only. */
  verified(path: string, secret: string) {
    const wh = new Webhook(secret);
    return this.got.filter((r) => r.path === path).map((r) => wh.verify(r.body, r.headers) as { id: string; type: string; timestamp: string; data: Record<string, unknown> });
  }

  close() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
