import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';

/** Issue 16: rate limits count each API key on its own (not the address every server shares). */
let t: TestApp;

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT: 'on', RATE_LIMIT_USAGE: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
}, 120_000);
afterAll(async () => t?.close());

describe('API key rate limits', () => {
  it('refuses the fourth debit of a key in the window with 429, while another key from the same address goes on', async () => {
    const { client } = await memberWithOrg(t, 'limited@example.com', 100);
    const [a, b] = await Promise.all(['a', 'b'].map(async (name) => (await client.post('/api/me/api-keys', { name })).body.key as string));
    const spend = (key: string, i: number) =>
      new Client(t.url).request('POST', '/api/usage', { credits: 1, description: 'x', idempotencyKey: `${key.slice(-6)}-${i}` }, { authorization: `Bearer ${key}` });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await spend(a, i)).status);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await spend(b, 0)).status).toBe(200);
  });
});
