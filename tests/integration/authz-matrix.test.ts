import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, signInAdmin, userIdOf } from '../support/identity.ts';

interface Route {
  method: string;
  url: string;
}

/** Every route of the app, read back from Fastify's own route tree (printRoutes). */
function routeTable(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join('').replace(/\/+$/, '') || '/';
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  const seen = new Set<string>();
  return routes.filter((r) => !seen.has(`${r.method} ${r.url}`) && !!seen.add(`${r.method} ${r.url}`));
}

/** Path parameters filled with ids that name nothing. */
const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, () => randomUUID());

/** The identity routes and the permission each one needs. */
const identityRoutes: Record<string, string> = {
  'GET /api/admin/orgs': 'admin.orgs.view',
  'POST /api/admin/orgs/:id/toggle-active': 'admin.orgs.edit',
  'GET /api/admin/users': 'admin.users.view',
  'PUT /api/admin/users/:id/activate': 'admin.users.edit',
  'POST /api/admin/users/:id/roles/:roleId': 'admin.users.edit',
  'DELETE /api/admin/users/:id/roles/:roleId': 'admin.users.edit',
  'GET /api/admin/roles': 'admin.roles.view',
  'POST /api/admin/roles': 'admin.roles.edit',
  'POST /api/admin/roles/:roleId/permissions/:permissionId': 'admin.roles.edit',
  'DELETE /api/admin/roles/:roleId/permissions/:permissionId': 'admin.roles.edit',
  'GET /api/admin/permissions': 'admin.permissions.view',
};

let app: TestApp;
let adminRoutes: Route[];
let admin: Client;
let member: Client;
let inactive: Client;
const anonymous = () => new Client(app.url);

beforeAll(async () => {
  app = await startApp({ workers: true });
  adminRoutes = routeTable(app.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/admin'));
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

describe('authorization of every /api/admin/* route', () => {
  it('finds the admin routes in the route table, the identity ones included', () => {
    const found = adminRoutes.map((r) => `${r.method} ${r.url}`);
    for (const route of Object.keys(identityRoutes)) expect(found).toContain(route);
  });

  it('answers 401 to a visitor on every admin route', async () => {
    const answers = await Promise.all(adminRoutes.map(async (r) => [`${r.method} ${r.url}`, (await call(anonymous(), r)).status]));
    expect(answers.filter(([, status]) => status !== 401), HINT).toEqual([]);
  });

  it('answers 403 to a signed-in member without admin permissions on every admin route', async () => {
    const answers = await Promise.all(adminRoutes.map(async (r) => [`${r.method} ${r.url}`, (await call(member, r)).status]));
    expect(answers.filter(([, status]) => status !== 403), HINT).toEqual([]);
  });

  it('answers 403 to a signed-in account that is not active yet on every admin route', async () => {
    const answers = await Promise.all(adminRoutes.map(async (r) => [`${r.method} ${r.url}`, (await call(inactive, r)).status]));
    expect(answers.filter(([, status]) => status !== 403), HINT).toEqual([]);
  });

  it('lets the admin through every admin route (no 401/403, no 5xx; unknown ids or an empty body may be refused)', async () => {
    for (const route of adminRoutes) {
      const { status } = await call(admin, route);
      expect({ route: `${route.method} ${route.url}`, status }).toEqual({ route: `${route.method} ${route.url}`, status: expect.toSatisfy((s: number) => s !== 401 && s !== 403 && s < 500) });
      if (route.method === 'GET' && !route.url.includes(':')) expect(status).toBe(200);
    }
  });
});

describe('each identity route checks its own permission', () => {
  it('lets a holder of exactly one permission through its routes only', async () => {
    const { id: userId, client } = await activeMember(app.url, admin, 'partial@example.com', 'Par Tial');
    const permissions = [...new Set(Object.values(identityRoutes))];
    for (const permission of permissions) {
      const role = await admin.post('/api/admin/roles', { name: `only ${permission}` });
      expect(role.status).toBe(200);
      const roleId = role.body.role.id as string;
      expect((await admin.post(`/api/admin/roles/${roleId}/permissions/${permission}`)).status).toBe(200);
      expect((await admin.post(`/api/admin/users/${userId}/roles/${roleId}`)).status).toBe(200);
      for (const [key, needed] of Object.entries(identityRoutes)) {
        const [method, url] = key.split(' ');
        const { status } = await call(client, { method, url });
        if (needed === permission) expect({ key, status }).not.toEqual({ key, status: 403 });
        else expect({ key, status }).toEqual({ key, status: 403 });
      }
      expect((await admin.delete(`/api/admin/users/${userId}/roles/${roleId}`)).status).toBe(200);
    }
    expect(await userIdOf(admin, 'partial@example.com')).toBe(userId);
  });

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
