import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ROUTES } from '../../services/http/plugins/auth.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { freePort, spawnApi, waitFor, type Child } from '../support/processes.ts';

/** Issue 16: organization API keys for servers (usage, holds, balance), revoked everywhere at once. */
let t: TestApp;
let admin: Client;
const children: (Child & { url: string })[] = [];

beforeAll(async () => {
  t = await startApp({ workers: true });
  admin = await signInAdmin(t.url);
}, 120_000);

afterAll(async () => {
  await Promise.all(children.map((c) => c.kill('SIGKILL')));
  await t?.close();
});

const email = (what: string) => `${what}-${randomUUID().slice(0, 6)}@example.com`;
/** A client with a key and no cookie. */
const keyed = (key: string, url = t.url) => {
  const c = new Client(url);
  return {
    get: (path: string) => c.request('GET', path, undefined, { authorization: `Bearer ${key}` }),
    post: (path: string, body: unknown = {}) => c.request('POST', path, body, { authorization: `Bearer ${key}` }),
  };
};

async function newKey(client: Client, name = 'server') {
  const res = await client.post('/api/me/api-keys', { name });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; key: string; prefix: string; createdAt: string };
}

describe('API keys', () => {
  it('shows a key once, lists it without the secret, and stores only its hash', async () => {
    const { client, orgId } = await memberWithOrg(t, email('shown'), 100);
    const created = await newKey(client, 'billing server');
    expect(created.key).toMatch(/^ab_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(20);
    const list = await client.get('/api/me/api-keys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: created.id, name: 'billing server', prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null, revokedAt: null }]);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    const leaked = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1 OR metadata::text LIKE $1`, [`%${created.key.slice(8)}%`]);
    expect(leaked.rows[0].n).toBe(0);
    expect((await admin.get(`/api/admin/orgs/${orgId}/api-keys`)).body).toEqual(list.body);
    expect((await client.post('/api/me/api-keys', { name: '  ' })).status).toBe(400);
  });

  it('spends, holds and reads the balance with no cookie; the debit records the key and the history shows it', async () => {
    const { client, orgId } = await memberWithOrg(t, email('spend'), 100);
    const { id, key } = await newKey(client);
    const server = keyed(key);
    expect((await server.post('/api/usage', { credits: 10, description: 'model call', idempotencyKey: 'u1' })).body).toEqual({ balance: 90, available: 90 });
    const hold = await server.post('/api/usage/holds', { credits: 30, description: 'long job', idempotencyKey: 'h1' });
    expect(hold.status).toBe(201);
    expect((await server.get('/api/balance')).body).toEqual({ balance: 90, available: 60, held: 30, pending: {} });
    expect((await server.post(`/api/usage/holds/${hold.body.holdId}/capture`, { credits: 20 })).body).toEqual({ balance: 70, available: 70, captured: 20 });
    const credits = await server.get('/api/me/credits');
    expect(credits.body).toMatchObject({ balance: 70, available: 70, held: 0 });
    expect((await server.post('/api/usage', { credits: 1000, description: 'too much', idempotencyKey: 'u2' })).status).toBe(402);

    const history = await admin.get(`/api/admin/streams/${orgStreamId(orgId)}/events`);
    expect(history.status).toBe(200);
    const debits = (history.body.data as { type: string; metadata: unknown }[]).filter((e: { type: string }) => e.type === 'CreditsDebited');
    expect(debits).toHaveLength(2);
    for (const d of debits) expect(d.metadata).toMatchObject({ api_key_id: id });
    await waitFor('the last use to be recorded', async () => ((await client.get('/api/me/api-keys')).body[0].lastUsedAt ? true : null), 5000);
  });

  it('acts for its own organization only: another organization\'s hold is not found', async () => {
    const a = await memberWithOrg(t, email('org-a'), 50);
    const b = await memberWithOrg(t, email('org-b'), 50);
    const keyA = keyed((await newKey(a.client)).key);
    const holdB = await b.client.post('/api/usage/holds', { credits: 5, description: 'b', idempotencyKey: 'hb' });
    expect(holdB.status).toBe(201);
    expect((await keyA.post(`/api/usage/holds/${holdB.body.holdId}/capture`, {})).status).toBe(404);
    expect((await keyA.post(`/api/usage/holds/${holdB.body.holdId}/release`, {})).status).toBe(404);
    expect((await keyA.post('/api/usage', { credits: 5, description: 'a', idempotencyKey: 'ua' })).body).toEqual({ balance: 45, available: 45 });
    expect((await b.client.get('/api/balance')).body).toEqual({ balance: 50, available: 45, held: 5, pending: {} });
    // Nor can org B's member revoke org A's key.
    const idA = (await a.client.get('/api/me/api-keys')).body[0].id;
    expect((await b.client.delete(`/api/me/api-keys/${idA}`)).status).toBe(404);
  });

  it('answers 401 invalid_api_key to a missing, malformed or unknown key, and 403 to a key of a disabled organization', async () => {
    const { client, orgId } = await memberWithOrg(t, email('bad'), 20);
    const { key } = await newKey(client);
    const anonymous = new Client(t.url);
    for (const authorization of ['', 'Bearer', `Basic ${key}`, 'Bearer ab_live_short', `Bearer ${key.slice(0, -1)}x`]) {
      const res = await anonymous.request('GET', '/api/balance', undefined, { authorization });
      expect({ authorization, status: res.status, error: res.body.error }).toEqual({ authorization, status: 401, error: 'invalid_api_key' });
    }
    expect((await anonymous.get('/api/balance')).body).toMatchObject({ error: 'invalid_api_key' });
    expect((await admin.post(`/api/admin/orgs/${orgId}/toggle-active`)).status).toBe(200);
    const server = keyed(key);
    expect((await server.get('/api/balance')).status).toBe(403);
    expect((await server.get('/api/me/credits')).status).toBe(403);
    expect((await server.post('/api/usage', { credits: 1, description: 'x', idempotencyKey: 'x' })).status).toBe(403);
    expect((await server.post('/api/usage/holds', { credits: 1, description: 'x', idempotencyKey: 'x' })).status).toBe(403);
  });

  it('refuses a revoked key within a second on two other API processes that had it cached', { timeout: 300_000 }, async () => {
    const { client } = await memberWithOrg(t, email('revoke'), 1000);
    const { id, key } = await newKey(client);
    const [a, b] = await Promise.all([spawnApi(t.config, await freePort()), spawnApi(t.config, await freePort())]);
    children.push(a, b);
    for (const url of [a.url, b.url]) {
      for (let i = 0; i < 3; i++) expect((await keyed(key, url).get('/api/balance')).status).toBe(200);
    }
    const revoked = await client.delete(`/api/me/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    expect((await keyed(key).get('/api/balance')).status).toBe(401); // the process that revoked it: at once
    const started = Date.now();
    await Promise.all(
      [a.url, b.url].map((url) => waitFor(`${url} to refuse the revoked key`, async () => (await keyed(key, url).get('/api/balance')).status === 401, 1000)),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await keyed(key, a.url).post('/api/usage', { credits: 1, description: 'x', idempotencyKey: 'late' })).body).toMatchObject({ error: 'invalid_api_key' });
    expect((await client.get('/api/me/api-keys')).body[0].revokedAt).toBe(revoked.body.revokedAt);
  });

  it('lets an admin revoke an organization\'s key from its page', async () => {
    const { client, orgId } = await memberWithOrg(t, email('admin-revoke'), 10);
    const { id, key } = await newKey(client);
    expect((await keyed(key).get('/api/balance')).status).toBe(200);
    expect((await client.delete(`/api/admin/orgs/${orgId}/api-keys/${id}`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/orgs/${orgId}/api-keys/${id}`)).status).toBe(200);
    expect((await keyed(key).get('/api/balance')).status).toBe(401);
    expect((await admin.delete(`/api/admin/orgs/${randomUUID()}/api-keys/${id}`)).status).toBe(404);
  });

  it('describes the bearer scheme on exactly the routes that take a key', async () => {
    const doc = (await new Client(t.url).get('/api/docs/json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withKey = Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.some((s) => 'apiKey' in s))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`),
    );
    expect(withKey.sort()).toEqual([...KEY_ROUTES].sort());
  });
});
