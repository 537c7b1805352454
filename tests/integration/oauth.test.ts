import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';

const CLIENT_ID = 'advisory-board-test';

/** A browser in miniature: follows nothing by itself, keeps every cookie it is given. */
class CookieJar {
  private cookies = new Map<string, string>();

  async get(url: string): Promise<{ status: number; location: string | null }> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.header() } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await res.arrayBuffer();
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, url).href : null };
  }

  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  has = (name: string) => this.cookies.has(name);
  sid = () => (this.cookies.has('sid') ? `sid=${this.cookies.get('sid')}` : '');
}

let provider: OAuth2Server;
let app: TestApp;
let claims: Record<string, unknown> = {};
let idTokenOverrides: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // The hook fires for the access token (which has a scope) and then the id token.
  provider.service.on('beforeTokenSigning', (token) => {
    if ('scope' in token.payload) return;
    Object.assign(token.payload, claims, idTokenOverrides);
  });
  // Discovery is fetched while the app starts: the provider must be up first.
  app = await startApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_DISCOVERY_URL: provider.issuer.url! },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await provider?.stop();
});

/** GET /api/auth/google -> provider's authorize -> our callback; answers the jar and where the callback sent it. */
async function signInWithGoogle(tamper?: (callbackUrl: URL) => void) {
  const jar = new CookieJar();
  const start = await jar.get(`${app.url}/api/auth/google`);
  expect(start.status).toBe(302);
  expect(start.location).toMatch(new RegExp(`^${provider.issuer.url}/authorize\\?`));
  const authorize = await jar.get(start.location!);
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.location!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${app.url}/api/auth/google/callback`);
  tamper?.(callback);
  const done = await jar.get(callback.href);
  return { jar, done };
}

describe('Google sign-in through @fastify/oauth2 against an OpenID provider', () => {
  it('offers Google on /api/auth/providers', async () => {
    const res = await new Client(app.url).get('/api/auth/providers');
    expect(res.body).toEqual({ google: true, dev: true });
  });

  it('registers a new account from the verified id_token, inactive, and lands on /?logged_in=true', async () => {
    claims = { email: 'grace@example.com', email_verified: true, name: 'Grace Hopper', given_name: 'Grace', picture: 'https://example.com/grace.png' };
    idTokenOverrides = {};
    const { jar, done } = await signInWithGoogle();
    expect(done).toEqual({ status: 302, location: `${app.url}/?logged_in=true` });
    expect(jar.sid()).not.toBe('');

    const client = new Client(app.url);
    client.cookie = jar.sid();
    expect((await client.get('/api/auth/me')).body).toEqual({ success: false, reason: 'inactive', account_status: 'pending' });
    const row = await app.db.query('SELECT email, name, given_name, avatar_url, is_active FROM users WHERE email = $1', ['grace@example.com']);
    expect(row.rows).toEqual([
      { email: 'grace@example.com', name: 'Grace Hopper', given_name: 'Grace', avatar_url: 'https://example.com/grace.png', is_active: false },
    ]);
  });

  it('signs an admin email in as an active admin with a session cookie', async () => {
    claims = { email: 'Admin@Example.com', email_verified: true, name: 'Ada Admin', given_name: 'Ada' };
    idTokenOverrides = {};
    const { jar, done } = await signInWithGoogle();
    expect(done.location).toBe(`${app.url}/?logged_in=true`);
    const client = new Client(app.url);
    client.cookie = jar.sid();
    const me = await client.get('/api/auth/me');
    expect(me.body.success).toBe(true);
    expect(me.body.user).toMatchObject({ email: 'admin@example.com', name: 'Ada Admin', given_name: 'Ada', is_active: true });
    expect(me.body.user.permissions).toContain('admin');
  });

  it('signs the same person in again to the same account', async () => {
    claims = { email: 'grace@example.com', email_verified: true, name: 'Grace Hopper', given_name: 'Grace' };
    idTokenOverrides = {};
    const { done } = await signInWithGoogle();
    expect(done.location).toBe(`${app.url}/?logged_in=true`);
    const count = await app.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', ['grace@example.com']);
    expect(count.rows[0].n).toBe(1);
  });
});

describe('a failed Google sign-in lands on /?FAILURE, never a 500', () => {
  const failsWith = async (tamper?: (callback: URL) => void) => {
    const { jar, done } = await signInWithGoogle(tamper);
    expect(done).toEqual({ status: 302, location: `${app.url}/?FAILURE` });
    expect(jar.sid()).toBe('');
  };

  it('when the state does not match the state cookie', async () => {
    claims = { email: 'mallory@example.com', email_verified: true, name: 'Mallory' };
    idTokenOverrides = {};
    await failsWith((callback) => callback.searchParams.set('state', 'forged-state'));
  });

  it('when the user denies access at the provider', async () => {
    await failsWith((callback) => {
      callback.searchParams.delete('code');
      callback.searchParams.set('error', 'access_denied');
    });
  });

  it('when the id_token was issued to another client', async () => {
    claims = { email: 'mallory@example.com', email_verified: true, name: 'Mallory' };
    idTokenOverrides = { aud: 'someone-else' };
    await failsWith();
  });

  it('when the id_token claims another issuer', async () => {
    claims = { email: 'mallory@example.com', email_verified: true, name: 'Mallory' };
    idTokenOverrides = { iss: 'https://evil.example.com' };
    await failsWith();
  });

  it('when the provider has not verified the email', async () => {
    claims = { email: 'mallory@example.com', email_verified: false, name: 'Mallory' };
    idTokenOverrides = {};
    await failsWith();
  });

  it('when the callback is opened without any state cookie', async () => {
    const jar = new CookieJar();
    const res = await jar.get(`${app.url}/api/auth/google/callback?code=abc&state=xyz`);
    expect(res).toEqual({ status: 302, location: `${app.url}/?FAILURE` });
  });

  afterAll(async () => {
    const rows = await app.db.query('SELECT 1 FROM users WHERE email = $1', ['mallory@example.com']);
    expect(rows.rowCount).toBe(0);
  });
});
