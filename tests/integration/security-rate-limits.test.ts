import { OAuth2Server } from 'oauth2-mock-server';
import { orgStreamId } from '../../services/orgs/events.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { createPlans, PACK_PLAN } from './stripe-support.ts';
import { signInAdmin } from '../support/identity.ts';

const LIMITS = { RATE_LIMIT: 'on', RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_CHECKOUT: '2', RATE_LIMIT_USAGE: '4', RATE_LIMIT_WINDOW_MS: '60000' };

/** `t` has room for the sign-ins the tests need; `signIns` (same database, its own counts) has the limit of 3 under test. */
let t: TestApp;
let signIns: TestApp;

beforeAll(async () => {
  t = await startApp({ env: { ...LIMITS, RATE_LIMIT_SIGN_IN: '50' } });
  signIns = await startApp({ workers: false, databaseUrl: t.config.DATABASE_URL, env: LIMITS });
}, 120_000);

afterAll(async () => {
  await signIns?.close();
  await t?.close();
});

const devLogin = (url: string, headers: Record<string, string> = {}) =>
  new Client(url).request('POST', '/api/auth/dev-login', { email: 'someone@example.com', name: 'Some One' }, headers);

const debitsOf = async (orgId: string) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'CreditsDebited'`, [orgStreamId(orgId)])).rows[0].n as number;

describe('rate limits (RATE_LIMIT=on)', () => {
  it('lets 3 sign-ins a minute through from one address, then answers 429 with a JSON reason and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await devLogin(signIns.url)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await devLogin(signIns.url);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many requests: try again in \d+ s$/), message: expect.any(String), retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets 3 contact messages a minute through from one address, signed in or not, then answers 429 and stores nothing more', async () => {
    const contact = (client: Client) => client.post('/api/contact', { name: 'Ann', email: 'ann@example.com', message: 'Hello' });
    const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ContactMessageReceived'`)).rows[0].n as number;
    const before = await count();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await contact(new Client(signIns.url))).status);
    expect(statuses).toEqual([201, 201, 201]);
    expect((await contact(new Client(signIns.url))).status).toBe(429);
    // Counted by address: a session of its own does not reset it.
    const member = await memberWithOrg(t, 'writer@example.com');
    const signedIn = new Client(signIns.url);
    signedIn.cookie = member.client.cookie;
    expect((await signedIn.get('/api/auth/me')).body.success).toBe(true);
    expect((await contact(signedIn)).status).toBe(429);
    expect(await count()).toBe(before + 3);
  });

  it('is not fooled by a made-up X-Forwarded-For (no proxy is trusted unless TRUST_PROXY says so)', async () => {
    const spoofed = await devLogin(signIns.url, { 'x-forwarded-for': '203.0.113.77' });
    expect(spoofed.status).toBe(429);
  });

  it('counts usage per session: one member is stopped, another member on the same address is not, and a refused debit changes nothing', async () => {
    const spender = await memberWithOrg(t, 'spender@example.com', 100);
    const other = await memberWithOrg(t, 'other@example.com', 100);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await spender.client.post('/api/usage', { credits: 1, idempotencyKey: `k${i}` })).status);
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    expect(await debitsOf(spender.orgId)).toBe(4);
    expect((await other.client.post('/api/usage', { credits: 1, idempotencyKey: 'k0' })).status).toBe(200);
  });

  it('limits checkout sessions per session', async () => {
    await createPlans(await signInAdmin(t.url), PACK_PLAN);
    const buyer = await memberWithOrg(t, 'buyer@example.com');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await buyer.client.post('/api/stripe/create-checkout-session', { subscriptionId: PACK_PLAN.id })).status);
    expect(answers).toEqual([200, 200, 429]);
  });

  it('leaves other routes alone', async () => {
    const client = new Client(t.url);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.get('/api/auth/me')));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
  });
});

describe('rate-limit configuration', () => {
  it('RATE_LIMIT=off turns every limit off', async () => {
    const off = await startApp({ workers: false, databaseUrl: t.config.DATABASE_URL, env: { ...LIMITS, RATE_LIMIT: 'off' } });
    try {
      const statuses = await Promise.all(Array.from({ length: 10 }, () => devLogin(off.url).then((r) => r.status)));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY), each forwarded client address has its own count', async () => {
    const proxied = await startApp({ workers: false, databaseUrl: t.config.DATABASE_URL, env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } });
    try {
      for (let i = 0; i < 3; i++) expect((await devLogin(proxied.url, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
      expect((await devLogin(proxied.url, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
      expect((await devLogin(proxied.url, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('Google sign-in is limited too', () => {
  it('counts GET /api/auth/google and its callback in the sign-in bucket', async () => {
    const provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    const google = await startApp({
      workers: false,
      databaseUrl: t.config.DATABASE_URL,
      env: { ...LIMITS, GOOGLE_CLIENT_ID: 'limits-test', GOOGLE_CLIENT_SECRET: 'limits-secret', GOOGLE_DISCOVERY_URL: provider.issuer.url! },
    });
    try {
      const get = (path: string) => fetch(`${google.url}${path}`, { redirect: 'manual' }).then((r) => r.status);
      expect([await get('/api/auth/google'), await get('/api/auth/google')]).toEqual([302, 302]);
      expect(await get('/api/auth/google/callback?code=x&state=y')).not.toBe(429);
      expect(await get('/api/auth/google')).toBe(429);
      expect(await get('/api/auth/google/callback?code=x&state=y')).toBe(429);
    } finally {
      await google.close();
      await provider.stop();
    }
  });
});
