import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../services/billing/stripe.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { concrete, routeTable } from '../support/routes.ts';
import { createPlans, PACK_PLAN } from './stripe-support.ts';

const SECRETS = {
  SESSION_SECRET: 'secrets-test-session-secret-7b2e91c04d5f',
  STRIPE_SECRET_KEY: 'sk_test_secretsTestKey_3f8a1c9e2b7d',
  STRIPE_WEBHOOK_SECRET: 'whsec_secrets_test_5e1d9c7b3a',
  GOOGLE_CLIENT_SECRET: 'google-client-secret-a41c8e2f',
};

const lines: string[] = [];
const answers: string[] = [];
let provider: OAuth2Server;
let stripe: Server;
let stripeFails = false;
let t: TestApp;

/** Stripe's Checkout Sessions API in miniature; when failing, it quotes the key back as carelessly as it can. */
function fakeStripe(): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (stripeFails) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${req.headers.authorization}` } }));
        return;
      }
      res.end(JSON.stringify({ id: 'cs_test_secrets', object: 'checkout.session', url: 'https://checkout.stripe.test/c/pay/cs_test_secrets', status: 'open' }));
    });
  });
}

/** A client that keeps every answer it is given, to search them for secrets. */
class Recording extends Client {
  override async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await super.request<T>(method, path, body, headers);
    answers.push(`${method} ${path} ${res.status} ${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)} ${[...res.headers].join(' ')}`);
    return res;
  }
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  stripe = fakeStripe();
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', () => resolve()));
  t = await startApp({
    env: {
      ...SECRETS,
      LOG_LEVEL: 'trace',
      GOOGLE_CLIENT_ID: 'secrets-test-client',
      GOOGLE_DISCOVERY_URL: provider.issuer.url!,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String((stripe.address() as AddressInfo).port),
      STRIPE_API_PROTOCOL: 'http',
    },
    build: { logStream: { write: (line: string) => void lines.push(line) } },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await provider?.stop();
  await new Promise<void>((resolve) => stripe?.close(() => resolve()));
});

async function googleSignIn() {
  const start = await fetch(`${t.url}/api/auth/google`, { redirect: 'manual' });
  const cookies = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = await fetch(authorize.headers.get('location')!, { redirect: 'manual', headers: { cookie: cookies } });
  answers.push(`google callback ${callback.status} ${[...callback.headers].join(' ')} ${await callback.text()}`);
  const forged = await fetch(`${t.url}/api/auth/google/callback?code=forged&state=forged`, { redirect: 'manual' });
  answers.push(`forged callback ${forged.status} ${await forged.text()}`);
}

async function webhooks() {
  const payload = JSON.stringify({ id: 'evt_secrets_test', object: 'event', type: 'customer.created', created: 1, data: { object: {} } });
  for (const signature of [signPayload(payload, SECRETS.STRIPE_WEBHOOK_SECRET), signPayload(payload, 'whsec_wrong'), 'garbage']) {
    const res = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    answers.push(`webhook ${res.status} ${await res.text()}`);
  }
}

describe('secrets stay secret', () => {
  it('appear in no log line and no API answer, through sign-ins, checkouts (one refused by Stripe), webhooks and every GET route', async () => {
    const admin = Object.assign(new Recording(t.url), { cookie: (await signInAdmin(t.url)).cookie });
    await createPlans(admin, PACK_PLAN);
    const member = Object.assign(new Recording(t.url), { cookie: (await memberWithOrg(t, 'secret-keeper@example.com')).client.cookie });
    await googleSignIn();
    expect((await member.post('/api/stripe/create-checkout-session', { subscriptionId: PACK_PLAN.id })).status).toBe(200);
    stripeFails = true;
    const refused = await member.post('/api/stripe/create-checkout-session', { subscriptionId: PACK_PLAN.id });
    stripeFails = false;
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await webhooks();
    await member.post('/api/usage', { credits: 1, idempotencyKey: 'secret-test' });
    await member.post('/api/projects', { name: 42 });
    await new Recording(t.url).post('/api/auth/dev-login', { email: 'not-an-email' });
    for (const route of routeTable(t.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/auth/logout')) {
      await admin.get(concrete(route.url));
      await member.get(concrete(route.url));
    }

    expect(answers.length).toBeGreaterThan(60);
    expect(lines.length).toBeGreaterThan(100);
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(lines.filter((l) => l.includes(secret)).map((l) => `${name}: ${l.slice(0, 300)}`)).toEqual([]);
      expect(answers.filter((a) => a.includes(secret)).map((a) => `${name}: ${a.slice(0, 300)}`)).toEqual([]);
    }
  });

  it('keeps session ids and signatures out of the log', async () => {
    const client = await signIn(t.url, 'admin@example.com', 'Ada Admin');
    await client.get('/api/auth/me');
    const [id, signature] = decodeURIComponent(client.cookie.slice('sid='.length)).split('.');
    expect(lines.filter((l) => l.includes(id) || l.includes(signature))).toEqual([]);
    expect(lines.some((l) => l.includes('[redacted]') || l.includes('"url":"/api/auth/me"'))).toBe(true);
  });
});
