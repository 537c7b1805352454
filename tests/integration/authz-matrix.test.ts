import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ROUTES } from '../../services/http/plugins/auth.ts';
import { holds } from '../../services/roles/permissions.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, signInAdmin, userIdOf } from '../support/identity.ts';
import { concrete, keyOf, routeTable, type Route } from '../support/routes.ts';

/**
 * Who may call each route: EVERY route of the app must be classified here (a new route fails the
 * first test until it is), and each class is then checked against the running app.
 * - public: anyone; nobody gets 401/403.
 * - stripe-signature: anyone, but only a valid Stripe-Signature gets in (400 without one).
 * - signed-in: an active account (401 visitor, 403 inactive).
 * - signed-in-or-new: any signed-in account, active or not yet (accepting an invitation activates it); 401 visitor.
 * - admin.*: an active account holding that permission (or an ancestor of it).
 * A key ending in `/*` covers everything under it (files of the built app, Swagger UI, the queue board).
 */
type Access = 'public' | 'stripe-signature' | 'signed-in' | 'signed-in-or-new' | `admin.${string}`;

const ACCESS: Record<string, Access> = {
  'GET /': 'public',
  'GET /index.html': 'public',
  'GET /logo.svg': 'public',
  'GET /default-avatar.svg': 'public',
  'GET /assets/*': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/*': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  // Public here because this test sets no METRICS_TOKEN (production requires one: metrics.test.ts proves the 401).
  'GET /metrics': 'public',
  'GET /api/config': 'public',
  'GET /api/auth/me': 'public',
  'GET /api/auth/logout': 'public',
  'GET /api/auth/providers': 'public',
  'POST /api/auth/dev-login': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'GET /api/subscriptions/public': 'public',
  'GET /api/subscriptions/:id': 'public',
  'POST /api/stripe/webhook': 'stripe-signature',
  'POST /api/contact': 'public',
  'GET /api/shared/:token': 'public',
  'GET /api/invitations/:token': 'public',
  'GET /api/audit/public-key': 'public',
  'POST /api/invitations/:token/accept': 'signed-in-or-new',

  'GET /api/projects': 'signed-in',
  'POST /api/projects': 'signed-in',
  'GET /api/projects/:id': 'signed-in',
  'GET /api/advisors': 'signed-in',
  'POST /api/usage': 'signed-in',
  'POST /api/usage/holds': 'signed-in',
  'POST /api/usage/holds/:holdId/capture': 'signed-in',
  'POST /api/usage/holds/:holdId/release': 'signed-in',
  'GET /api/board': 'signed-in',
  'POST /api/projects/:id/sessions': 'signed-in',
  'GET /api/projects/:id/sessions': 'signed-in',
  'GET /api/sessions/:sessionId': 'signed-in',
  'GET /api/sessions/:sessionId/events': 'signed-in',
  'POST /api/sessions/:sessionId/follow-up': 'signed-in',
  'POST /api/projects/:id/sessions/quote': 'signed-in',
  'GET /api/projects/:id/board': 'signed-in',
  'PUT /api/projects/:id/board': 'signed-in',
  'POST /api/sessions/:sessionId/stop': 'signed-in',
  'POST /api/sessions/:sessionId/retry': 'signed-in',
  'POST /api/sessions/:sessionId/synthesis': 'signed-in',
  'PATCH /api/sessions/:sessionId': 'signed-in',
  'DELETE /api/sessions/:sessionId': 'signed-in',
  'GET /api/me/org/profile': 'signed-in',
  'GET /api/sessions/:sessionId/export': 'signed-in',
  'POST /api/sessions/:sessionId/share': 'signed-in',
  'DELETE /api/sessions/:sessionId/share': 'signed-in',
  'GET /api/projects/:id/files': 'signed-in',
  'POST /api/projects/:id/files': 'signed-in',
  'DELETE /api/projects/:id/files/:fileId': 'signed-in',
  'PUT /api/me/org/profile': 'signed-in',
  'GET /api/me/org/members': 'signed-in',
  'PUT /api/me/org/members/:userId': 'signed-in',
  'DELETE /api/me/org/members/:userId': 'signed-in',
  'POST /api/me/org/leave': 'signed-in',
  'POST /api/me/org/invitations': 'signed-in',
  'GET /api/me/org/invitations': 'signed-in',
  'DELETE /api/me/org/invitations/:id': 'signed-in',
  'GET /api/me/org/budgets': 'signed-in',
  'PUT /api/me/org/budgets': 'signed-in',
  'DELETE /api/me/org/budgets/:scope/:id': 'signed-in',
  'GET /api/me/org/usage': 'signed-in',
  'GET /api/me/credits': 'signed-in',
  'GET /api/balance': 'signed-in',
  'POST /api/usage/events': 'signed-in',
  'POST /api/usage/quote': 'signed-in',
  'GET /api/rate-card': 'signed-in',
  'GET /api/me/usage': 'signed-in',
  'GET /api/me/usage/export': 'signed-in',
  'GET /api/me/api-keys': 'signed-in',
  'POST /api/me/api-keys': 'signed-in',
  'DELETE /api/me/api-keys/:id': 'signed-in',
  'GET /api/me/webhook-endpoints': 'signed-in',
  'POST /api/me/webhook-endpoints': 'signed-in',
  'DELETE /api/me/webhook-endpoints/:id': 'signed-in',
  'GET /api/me/webhook-endpoints/:id/deliveries': 'signed-in',
  'POST /api/me/webhook-endpoints/:id/deliveries/:messageId/resend': 'signed-in',
  'GET /api/me/alerts': 'signed-in',
  'GET /api/me/export/ledger': 'signed-in',
  'PUT /api/me/alerts': 'signed-in',
  'GET /api/me/usage-daily': 'signed-in',
  'GET /api/me/profile': 'signed-in',
  'POST /api/me/profile/update': 'signed-in',
  'GET /api/me/billing': 'signed-in',
  'GET /api/me/auto-top-up': 'signed-in',
  'PUT /api/me/auto-top-up': 'signed-in',
  'POST /api/stripe/create-checkout-session': 'signed-in',
  'POST /api/stripe/create-portal-session': 'signed-in',
  'GET /api/stripe/sim/sessions/:id': 'signed-in',
  'POST /api/stripe/sim/sessions/:id/pay': 'signed-in',
  'POST /api/stripe/sim/sessions/:id/cancel': 'signed-in',
  'POST /api/stripe/sim/portal/cancel': 'signed-in',
  'POST /api/stripe/sim/portal/resume': 'signed-in',

  'GET /api/admin/orgs': 'admin.orgs.view',
  'POST /api/admin/orgs/:id/toggle-active': 'admin.orgs.edit',
  'GET /api/admin/orgs/:id/members': 'admin.orgs.view',
  'POST /api/admin/orgs/:id/members': 'admin.orgs.edit',
  'DELETE /api/admin/orgs/:id/members/:userId': 'admin.orgs.edit',
  'POST /api/admin/orgs/:id/credits': 'admin.orgs.edit',
  'GET /api/admin/orgs/:id/credits': 'admin.orgs.view',
  'GET /api/admin/orgs/:id/api-keys': 'admin.orgs.view',
  'DELETE /api/admin/orgs/:id/api-keys/:keyId': 'admin.orgs.edit',
  'GET /api/admin/orgs/:id/webhook-endpoints': 'admin.orgs.view',
  'GET /api/admin/orgs/:id/webhook-endpoints/:endpointId/deliveries': 'admin.orgs.view',
  'POST /api/admin/orgs/:id/webhook-endpoints/:endpointId/deliveries/:messageId/resend': 'admin.orgs.edit',
  'GET /api/admin/orgs/:id/balance': 'admin.audit.view',
  'GET /api/admin/streams/:streamId/events': 'admin.audit.view',
  'GET /api/admin/streams/:streamId/verify': 'admin.audit.view',
  'GET /api/admin/export/ledger': 'admin.audit.view',
  'GET /api/admin/audit/heads': 'admin.audit.view',
  'POST /api/admin/audit/heads': 'admin.audit.view',
  'GET /api/admin/users': 'admin.users.view',
  'PUT /api/admin/users/:id/activate': 'admin.users.edit',
  'POST /api/admin/users/:id/roles/:roleId': 'admin.users.edit',
  'DELETE /api/admin/users/:id/roles/:roleId': 'admin.users.edit',
  'GET /api/admin/roles': 'admin.roles.view',
  'POST /api/admin/roles': 'admin.roles.edit',
  'POST /api/admin/roles/:roleId/permissions/:permissionId': 'admin.roles.edit',
  'DELETE /api/admin/roles/:roleId/permissions/:permissionId': 'admin.roles.edit',
  'GET /api/admin/permissions': 'admin.permissions.view',
  'GET /api/admin/subscriptions': 'admin.subscriptions.view',
  'POST /api/admin/subscriptions': 'admin.subscriptions.edit',
  'PUT /api/admin/subscriptions/:id': 'admin.subscriptions.edit',
  'GET /api/admin/stripe/transactions': 'admin.stripe.view',
  'GET /api/admin/stripe/orgs/:orgId/billing': 'admin.stripe.view',
  'POST /api/admin/stripe/reconcile': 'admin.stripe.edit',
  'GET /api/admin/stripe/webhook-log': 'admin.stripe.view',
  'GET /api/admin/stripe/webhook-log/:id': 'admin.stripe.view',
  'GET /api/admin/stripe/simulator': 'admin.stripe.view',
  'POST /api/admin/stripe/test-events': 'admin.stripe.edit',
  'POST /api/admin/stripe/events/:eventId/retry': 'admin.stripe.edit',
  'GET /api/admin/components': 'admin.assistants.view',
  'GET /api/admin/board/prices': 'admin.assistants.view',
  'GET /api/admin/rate-cards': 'admin.subscriptions.view',
  'POST /api/admin/rate-cards': 'admin.subscriptions.edit',
  'POST /api/admin/rate-cards/backtest': 'admin.subscriptions.view',
  'PUT /api/admin/board/prices': 'admin.assistants.edit',
  'GET /api/admin/board/modes': 'admin.assistants.view',
  'GET /api/admin/components/:id': 'admin.assistants.view',
  'POST /api/admin/components': 'admin.assistants.edit',
  'PUT /api/admin/components/:id': 'admin.assistants.edit',
  'GET /api/admin/tags': 'admin.assistants.view',
  'POST /api/admin/tags': 'admin.assistants.edit',
  'GET /api/admin/assistants': 'admin.assistants.view',
  'GET /api/admin/assistants/:id': 'admin.assistants.view',
  'GET /api/admin/assistants/:id/schema': 'admin.assistants.view',
  'POST /api/admin/assistants': 'admin.assistants.edit',
  'PUT /api/admin/assistants/:id': 'admin.assistants.edit',
  'POST /api/admin/assistants/:id/functions': 'admin.assistants.edit',
  'DELETE /api/admin/functions/:id': 'admin.assistants.edit',
  'GET /api/admin/contact-messages': 'admin.messages.view',
  'GET /api/admin/projections': 'admin.projections.view',
  'GET /api/admin/metrics': 'admin.projections.view',
  'POST /api/admin/projections/:name/rebuild': 'admin.projections.edit',
  'POST /api/admin/projections/:name/retry': 'admin.projections.edit',
  'GET /api/admin/projections/drift': 'admin.projections.view',
  'POST /api/admin/projections/drift-check': 'admin.projections.edit',
  'GET /admin/queues': 'admin.projections.view',
  'GET /admin/queues/*': 'admin.projections.view',
  'PUT /admin/queues/*': 'admin.projections.view',
  'POST /admin/queues/*': 'admin.projections.view',
  'PATCH /admin/queues/*': 'admin.projections.view',
};

/** Calls that would change the whole test app (sign the caller out, pause every queue): classified, not made. */
const NOT_CALLED = new Set(['GET /api/auth/logout', 'PUT /admin/queues/api/queues/pause', 'PUT /admin/queues/api/queues/resume']);

function accessOf(route: Route): Access | undefined {
  const exact = ACCESS[keyOf(route)];
  if (exact) return exact;
  const group = Object.keys(ACCESS).find((key) => {
    if (!key.endsWith('/*')) return false;
    const [method, prefix] = key.slice(0, -2).split(' ');
    return method === route.method && route.url.startsWith(`${prefix}/`);
  });
  return group ? ACCESS[group] : undefined;
}

const isPermission = (access: Access): access is `admin.${string}` => access.startsWith('admin.');
/** The queue board is a page, not an API: a visitor is sent to sign in rather than answered 401. */
const isPage = (route: Route) => !route.url.startsWith('/api/');

let app: TestApp;
let routes: Route[];
let admin: Client;
let member: Client;
let inactive: Client;
const anonymous = () => new Client(app.url);

beforeAll(async () => {
  app = await startApp({ workers: true });
  routes = routeTable(app.app).filter((r) => !NOT_CALLED.has(keyOf(r)));
  admin = await signInAdmin(app.url);
  member = (await activeMember(app.url, admin, 'member@example.com', 'Mem Ber')).client;
  inactive = await signIn(app.url, 'inactive@example.com', 'In Active');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const HINT = 'check the permission in onRequest (Fastify validates the body before preHandler runs)';

/** A mutating call carries an empty JSON body: the permission check must come before any validation. */
const call = (client: Client, route: Route) =>
  client.request(route.method, concrete(route.url), ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined);

const answers = (client: () => Client, chosen: Route[]) =>
  Promise.all(chosen.map(async (r) => ({ route: keyOf(r), status: (await call(client(), r)).status })));

const where = (test: (access: Access, route: Route) => boolean) => routes.filter((r) => test(accessOf(r)!, r));
const letThrough = (status: number) => status !== 401 && status !== 403 && status < 500;
/**
 * Let through, for an answer of a burst: health and readiness are public and say 503 when the stores
 * do not answer within their 1 s bounds, which a burst of every route at once can cause on a busy
 * machine (tests/integration/health.test.ts proves what they say); that is not an authorization answer.
 */
const letThroughInBurst = (a: { route: string; status: number }) => letThrough(a.status) || (/ \/api\/health(\/|$)/.test(a.route) && a.status === 503);

describe('authorization of every route of the app', () => {
  it('has classified every route in the route table (a new route must say who may call it)', () => {
    const all = routeTable(app.app);
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((r) => !accessOf(r)).map(keyOf)).toEqual([]);
  });

  it('answers a visitor 401 on every signed-in and admin API route, and sends them to sign in on admin pages', async () => {
    const api = await answers(anonymous, where((a, r) => a !== 'public' && a !== 'stripe-signature' && !isPage(r)));
    expect(api.filter((a) => a.status !== 401), HINT).toEqual([]);
    const pages = await Promise.all(where((a, r) => isPermission(a) && isPage(r)).map(async (r) => ({ route: keyOf(r), ...(await call(anonymous(), r)) })));
    expect(pages.filter((p) => p.status !== 302 || !p.headers.get('location')?.startsWith('/login')).map((p) => p.route)).toEqual([]);
  });

  it('lets a visitor through every public route, and refuses an unsigned webhook with 400', async () => {
    const open = await answers(anonymous, where((a) => a === 'public'));
    expect(open.filter((a) => !letThroughInBurst(a))).toEqual([]);
    const hooks = await answers(anonymous, where((a) => a === 'stripe-signature'));
    expect(hooks.filter((a) => a.status !== 400)).toEqual([]);
  });

  it('answers 403 to a signed-in account that is not active yet on every signed-in and admin route', async () => {
    const got = await answers(() => inactive, where((a) => a === 'signed-in' || isPermission(a)));
    expect(got.filter((a) => a.status !== 403), HINT).toEqual([]);
    const open = await answers(() => inactive, where((a) => a === 'signed-in-or-new'));
    expect(open.filter((a) => !letThroughInBurst(a))).toEqual([]);
  });

  it('lets an active member through every signed-in route and answers 403 on every admin route', async () => {
    const allowed = await answers(() => member, where((a) => a === 'signed-in' || a === 'signed-in-or-new' || a === 'public'));
    expect(allowed.filter((a) => !letThroughInBurst(a))).toEqual([]);
    const refused = await answers(() => member, where((a) => isPermission(a)));
    expect(refused.filter((a) => a.status !== 403), HINT).toEqual([]);
  });

  it('lets the admin through every route (no 401/403, no 5xx; unknown ids or an empty body may be refused)', async () => {
    for (const route of where((a) => a !== 'stripe-signature')) {
      const { status } = await call(admin, route);
      expect({ route: keyOf(route), status }).toEqual({ route: keyOf(route), status: expect.toSatisfy(letThrough) });
      if (route.method === 'GET' && route.url.startsWith('/api/') && !/[:*]|^\/api\/docs/.test(route.url)) expect({ route: keyOf(route), status }).toEqual({ route: keyOf(route), status: 200 });
    }
  });
});

/** A server with an organization's API key and no cookie. */
class KeyClient extends Client {
  constructor(url: string, private readonly key: string) {
    super(url);
  }
  override request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request<T>(method, path, body, { authorization: `Bearer ${this.key}`, ...headers });
  }
}

describe('API keys open the usage, hold and balance routes only', () => {
  it('answers 401 to a key alone on every other signed-in and admin API route, and lets it through the routes that take one', async () => {
    const created = await admin.post('/api/me/api-keys', { name: 'matrix' });
    expect(created.status).toBe(201);
    const server = () => new KeyClient(app.url, created.body.key);
    const taking = where((a, r) => KEY_ROUTES.has(keyOf(r)));
    expect(taking.map(keyOf).sort()).toEqual([...KEY_ROUTES].sort());
    expect((await answers(server, taking)).filter((a) => !letThrough(a.status))).toEqual([]);
    const others = where((a, r) => a !== 'public' && a !== 'stripe-signature' && !isPage(r) && !KEY_ROUTES.has(keyOf(r)));
    expect((await answers(server, others)).filter((a) => a.status !== 401)).toEqual([]);
  });
});

describe('each admin route checks its own permission', () => {
  it('lets a holder of exactly one permission through the routes that need it (or a child of it) only', async () => {
    const { id: userId, client } = await activeMember(app.url, admin, 'partial@example.com', 'Par Tial');
    const guarded = where((a) => isPermission(a));
    const permissions = [...new Set(guarded.map((r) => accessOf(r)!))];
    expect(permissions.length).toBeGreaterThan(10);
    for (const permission of permissions) {
      const role = await admin.post('/api/admin/roles', { name: `only ${permission}` });
      expect(role.status).toBe(200);
      const roleId = role.body.role.id as string;
      expect((await admin.post(`/api/admin/roles/${roleId}/permissions/${permission}`)).status).toBe(200);
      expect((await admin.post(`/api/admin/users/${userId}/roles/${roleId}`)).status).toBe(200);
      const got = await answers(() => client, guarded);
      const wrong = got.filter(({ route, status }) => {
        const needed = accessOf(guarded.find((r) => keyOf(r) === route)!)!;
        return holds([permission], needed) ? !letThrough(status) : status !== 403;
      });
      expect({ permission, wrong }).toEqual({ permission, wrong: [] });
      expect((await admin.delete(`/api/admin/users/${userId}/roles/${roleId}`)).status).toBe(200);
    }
    expect(await userIdOf(admin, 'partial@example.com')).toBe(userId);
  }, 300_000); // every permission times every guarded route: minutes when the machine is busy

  it('grants a whole branch to the holder of its parent (admin.users grants admin.users.edit)', async () => {
    const { id: userId, client } = await activeMember(app.url, admin, 'branch@example.com', 'Bran Ch');
    const role = await admin.post('/api/admin/roles', { name: 'user managers' });
    await admin.post(`/api/admin/roles/${role.body.role.id}/permissions/admin.users`);
    await admin.post(`/api/admin/users/${userId}/roles/${role.body.role.id}`);
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await client.put(`/api/admin/users/${userId}/activate`, { is_active: true })).status).toBe(200);
    expect((await client.get('/api/admin/orgs')).status).toBe(403);
  });
});
