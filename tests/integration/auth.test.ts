import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const sessionCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('sid='));

describe('dev sign-in (POST /api/auth/dev-login)', () => {
  it('registers a new account inactive, with an httpOnly SameSite=Lax session; /me says inactive', async () => {
    const client = new Client(app.url);
    const res = await client.post('/api/auth/dev-login', { email: 'Dev.User@Example.com', name: 'Dev User' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, active: false, account_status: 'pending' });
    const cookie = sessionCookie(res.headers)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await client.get('/api/auth/me')).body).toEqual({ success: false, reason: 'inactive', account_status: 'pending' });
    const user = await app.db.query('SELECT email, name, given_name, is_active FROM users WHERE email = $1', ['dev.user@example.com']);
    expect(user.rows).toEqual([{ email: 'dev.user@example.com', name: 'Dev User', given_name: 'Dev', is_active: false }]);
  });

  it('signs an admin email in active with the admin role, the default avatar and no organization', async () => {
    const admin = await signIn(app.url, 'admin@example.com', 'Ada Admin');
    const me = await admin.get('/api/auth/me');
    expect(me.body).toMatchObject({
      success: true,
      user: { email: 'admin@example.com', name: 'Ada Admin', given_name: 'Ada', avatar_url: '/default-avatar.svg', is_active: true, organization_id: null, permissions: ['admin'] },
    });
    expect(me.body.user.roles.map((r: { name: string }) => r.name)).toEqual(['admin', 'member']);
  });

  it('gives the same account to the same email, whatever its case', async () => {
    await signIn(app.url, 'twice@example.com', 'Twice');
    await signIn(app.url, 'TWICE@example.com', 'Twice Again');
    const rows = await app.db.query(`SELECT name FROM users WHERE email = 'twice@example.com'`);
    expect(rows.rows).toEqual([{ name: 'Twice' }]);
  });

  it('refuses a bad body (400), a form body (415) and a foreign Origin (403)', async () => {
    const client = new Client(app.url);
    expect((await client.post('/api/auth/dev-login', { email: 'not-an-email', name: 'X' })).status).toBe(400);
    expect((await client.post('/api/auth/dev-login', { email: 'x@example.com', name: '   ' })).status).toBe(400);
    const form = await client.request('POST', '/api/auth/dev-login', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const foreign = await client.request('POST', '/api/auth/dev-login', { email: 'x@example.com', name: 'X' }, { origin: 'https://evil.example.com' });
    expect(foreign.status).toBe(403);
    const same = await client.request('POST', '/api/auth/dev-login', { email: 'x@example.com', name: 'X' }, { origin: app.url });
    expect(same.status).toBe(200);
  });
});

describe('logout (GET /api/auth/logout)', () => {
  it('destroys the session server-side, clears the cookie and returns to /', async () => {
    const client = await signIn(app.url, 'admin@example.com', 'Ada Admin');
    const stolen = client.cookie;
    const res = await client.get('/api/auth/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(sessionCookie(res.headers)).toMatch(/^sid=;/);
    expect((await client.get('/api/auth/me')).body).toEqual({ success: false, reason: 'unauthenticated' });
    const replay = new Client(app.url);
    replay.cookie = stolen;
    expect((await replay.get('/api/auth/me')).body).toEqual({ success: false, reason: 'unauthenticated' });
  });

  it('ignores a forged session cookie', async () => {
    const forged = new Client(app.url);
    forged.cookie = 'sid=not-a-real-session.signature';
    expect((await forged.get('/api/auth/me')).body).toEqual({ success: false, reason: 'unauthenticated' });
  });
});

describe('providers (GET /api/auth/providers)', () => {
  it('offers the dev sign-in and, without Google credentials, no Google', async () => {
    expect((await new Client(app.url).get('/api/auth/providers')).body).toEqual({ google: false, dev: true });
    expect((await new Client(app.url).get('/api/auth/google')).status).toBe(404);
  });
});

describe('production settings', () => {
  let prod: TestApp;

  beforeAll(async () => {
    prod = await startApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars!', DEV_LOGIN: '0', METRICS_TOKEN: 'a-metrics-token-for-tests' } });
  }, 120_000);

  afterAll(async () => {
    await prod?.close();
  });

  it('has no dev sign-in unless it is turned on', async () => {
    const res = await new Client(prod.url).post('/api/auth/dev-login', { email: 'x@example.com', name: 'X' });
    expect(res.status).toBe(404);
    expect((await new Client(prod.url).get('/api/auth/providers')).body).toEqual({ google: false, dev: false });
  });

  it('marks the session cookie Secure', async () => {
    const secure = await startApp({ workers: false, env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars!', DEV_LOGIN: '1', METRICS_TOKEN: 'a-metrics-token-for-tests' }, databaseUrl: prod.config.DATABASE_URL });
    try {
      const res = await new Client(secure.url).post('/api/auth/dev-login', { email: 'admin@example.com', name: 'Ada Admin' });
      expect(res.status).toBe(200);
      expect(sessionCookie(res.headers)).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
  });
});
