import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, signInAdmin } from '../support/identity.ts';
import { concrete, keyOf, routeTable, type Route } from '../support/routes.ts';

let app: TestApp;
let admin: Client;
let mutating: Route[];

beforeAll(async () => {
  app = await startApp();
  admin = await signInAdmin(app.url);
  // Stripe's webhook takes any body and is proven by its signature instead (security-webhooks).
  mutating = routeTable(app.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url !== '/api/stripe/webhook');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const who = async (client: Client) => (await client.get('/api/auth/me')).body?.user?.email ?? null;
const withCookie = (cookie: string) => Object.assign(new Client(app.url), { cookie });

describe('session fixation', () => {
  it('gives a new session id at sign-in and kills the one the browser held before', async () => {
    const { client: attacker } = await activeMember(app.url, admin, 'attacker@example.com', 'Att Acker');
    const planted = attacker.cookie;
    const victim = withCookie(planted);
    expect(await who(victim)).toBe('attacker@example.com');
    const res = await victim.post('/api/auth/dev-login', { email: 'victim@example.com', name: 'Vic Tim' });
    expect(res.status).toBe(200);
    expect(victim.cookie).not.toBe(planted);
    expect(victim.cookie.split('.')[0]).not.toBe(planted.split('.')[0]);
    expect((await victim.get('/api/auth/me')).body).toEqual({ success: false, reason: 'inactive', account_status: 'pending' });
    expect(await who(withCookie(planted))).toBeNull();
  });

  it('ignores a session id that is not signed by us, even when the id itself exists', async () => {
    const real = await signIn(app.url, 'admin@example.com', 'Ada Admin');
    const id = decodeURIComponent(real.cookie.slice('sid='.length)).split('.')[0];
    expect(await who(withCookie(`sid=${id}`))).toBeNull();
    expect(await who(withCookie(`sid=${id}.forged-signature`))).toBeNull();
    expect(await who(real)).toBe('admin@example.com');
  });
});

describe('session lifetime', () => {
  it('makes a copied cookie useless after logout', async () => {
    const client = await signIn(app.url, 'admin@example.com', 'Ada Admin');
    const copy = withCookie(client.cookie);
    expect(await who(copy)).toBe('admin@example.com');
    expect((await client.get('/api/auth/logout')).status).toBe(302);
    expect(await who(copy)).toBeNull();
    expect((await copy.get('/api/admin/users')).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const client = await signIn(app.url, 'admin@example.com', 'Ada Admin');
    const id = decodeURIComponent(client.cookie.slice('sid='.length)).split('.')[0];
    await app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await who(client)).toBeNull();
  });

  it('shuts a disabled account out of its open session at once', async () => {
    const { client, id } = await activeMember(app.url, admin, 'soon-disabled@example.com', 'Soon Disabled');
    expect((await client.get('/api/projects')).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${id}/activate`, { is_active: false })).status).toBe(200);
    expect((await client.get('/api/projects')).status).toBe(403);
  });

  it('stores the session id only server-side: the cookie is a random 256-bit id, signed', async () => {
    const client = await signIn(app.url, 'admin@example.com', 'Ada Admin');
    const [id, signature] = decodeURIComponent(client.cookie.slice('sid='.length)).split('.');
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(signature).toBeTruthy();
  });
});

describe('cross-site requests', () => {
  it('refuses every mutating route called with a foreign Origin (403), even for the admin', async () => {
    const answers = await Promise.all(
      mutating.map(async (r) => ({ route: keyOf(r), status: (await admin.request(r.method, concrete(r.url), {}, { origin: 'https://evil.example.com' })).status })),
    );
    expect(answers.filter((a) => a.status !== 403)).toEqual([]);
  });

  it('refuses every mutating route called with a body that is not JSON (415): the bodies a cross-site form can send', async () => {
    const forms = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];
    const answers = await Promise.all(
      mutating.flatMap((r) =>
        forms.map(async (type) => {
          const res = await fetch(`${app.url}${concrete(r.url)}`, { method: r.method, headers: { cookie: admin.cookie, 'content-type': type }, body: 'a=1' });
          return { route: keyOf(r), type, status: res.status };
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 415)).toEqual([]);
  });

  it('still lets the same origin through', async () => {
    const res = await admin.request('POST', '/api/projects', { name: 'Same origin' }, { origin: app.url });
    expect(res.status).toBe(201);
  });
});
