import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../services/roles/permissions.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, ADMIN_EMAIL, signInAdmin, userIdOf } from '../support/identity.ts';

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await signInAdmin(app.url, 'Admin Org');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const eventCount = async (type: string) => (await app.db.query('SELECT count(*)::int AS n FROM events WHERE type = $1', [type])).rows[0].n as number;
const roleId = async (name: string) => ((await admin.get('/api/admin/roles')).body.roles as { id: string; name: string }[]).find((r) => r.name === name)!.id;

describe('admin users', () => {
  it('lists users with their organization, roles and permissions', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    const me = (res.body as { email: string; roles: { name: string }[] }[]).find((u) => u.email === ADMIN_EMAIL);
    expect(me).toMatchObject({
      name: 'Ada Admin',
      is_active: true,
      organization: { name: 'Admin Org', credits: 0, subscription: null },
      permissions: ['admin'],
    });
    expect(me?.roles.map((r) => r.name)).toEqual(['admin', 'member']);
  });

  it('enables a new account with one event, visible in the list and to the user at once', async () => {
    const user = await signIn(app.url, 'newbie@example.com', 'New Bie');
    expect((await user.get('/api/auth/me')).body).toEqual({ success: false, reason: 'inactive', account_status: 'pending' });
    const id = await userIdOf(admin, 'newbie@example.com');
    const before = await eventCount('UserActivated');
    const res = await admin.put(`/api/admin/users/${id}/activate`, { is_active: true });
    expect(res.body).toEqual({ success: true, is_active: true });
    expect(await eventCount('UserActivated')).toBe(before + 1);
    const listed = ((await admin.get('/api/admin/users')).body as { id: string; is_active: boolean }[]).find((u) => u.id === id);
    expect(listed?.is_active).toBe(true);
    expect((await user.get('/api/auth/me')).body.success).toBe(true);

    expect((await admin.put(`/api/admin/users/${id}/activate`, { is_active: false })).body).toEqual({ success: true, is_active: false });
    expect((await user.get('/api/auth/me')).body).toEqual({ success: false, reason: 'inactive', account_status: 'disabled' });
  });

  it('tells a disabled user why at sign-in and on every call, and forgets it once re-enabled', async () => {
    const { client, id } = await activeMember(app.url, admin, 'paused@example.com', 'Pau Sed');
    expect((await admin.put(`/api/admin/users/${id}/activate`, { is_active: false })).status).toBe(200);
    await client.get('/api/auth/logout');
    const again = await client.post('/api/auth/dev-login', { email: 'paused@example.com', name: 'Pau Sed' });
    expect(again.body).toEqual({ success: true, active: false, account_status: 'disabled' });
    expect((await client.get('/api/auth/me')).body).toEqual({ success: false, reason: 'inactive', account_status: 'disabled' });
    const refused = await client.get('/api/projects');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden', reason: 'inactive' });

    expect((await admin.put(`/api/admin/users/${id}/activate`, { is_active: true })).status).toBe(200);
    expect((await client.post('/api/auth/dev-login', { email: 'paused@example.com', name: 'Pau Sed' })).body).toEqual({
      success: true,
      active: true,
      account_status: 'active',
    });
    expect((await client.get('/api/auth/me')).body.success).toBe(true);
  });

  it('refuses to let an admin disable their own account', async () => {
    const self = await userIdOf(admin, ADMIN_EMAIL);
    const res = await admin.put(`/api/admin/users/${self}/activate`, { is_active: false });
    expect(res.status).toBe(409);
  });

  it('answers 404 for unknown or malformed user ids, 400 for a bad body', async () => {
    expect((await admin.put(`/api/admin/users/${randomUUID()}/activate`, { is_active: true })).status).toBe(404);
    const malformed = await admin.put('/api/admin/users/not-a-uuid/activate', { is_active: true });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ error: 'User not found', message: 'User not found' });
    // A malformed id is 404 even with a body that would be 400: the path names nothing.
    expect((await admin.put('/api/admin/users/not-a-uuid/activate', { is_active: 'yes' })).status).toBe(404);
    const id = await userIdOf(admin, ADMIN_EMAIL);
    expect((await admin.put(`/api/admin/users/${id}/activate`, { is_active: 'yes' })).status).toBe(400);
  });
});

describe('admin user roles', () => {
  let userId: string;
  let member: Client;

  beforeAll(async () => {
    ({ id: userId, client: member } = await activeMember(app.url, admin, 'rolf@example.com', 'Rolf'));
  });

  it('assigns a role, which grants its permissions at once, and refuses to assign it again (409)', async () => {
    const adminRole = await roleId('admin');
    expect((await member.get('/api/admin/orgs')).status).toBe(403);
    const res = await admin.post(`/api/admin/users/${userId}/roles/${adminRole}`);
    expect(res.body).toEqual({ success: true });
    expect((await member.get('/api/admin/orgs')).status).toBe(200);
    const listed = ((await admin.get('/api/admin/users')).body as { id: string; roles: { name: string }[]; permissions: string[] }[]).find((u) => u.id === userId)!;
    expect(listed.roles.map((r) => r.name)).toEqual(['admin', 'member']);
    expect(listed.permissions).toEqual(['admin']);

    const before = await eventCount('RoleAssignedToUser');
    const again = await admin.post(`/api/admin/users/${userId}/roles/${adminRole}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User already has this role');
    expect(await eventCount('RoleAssignedToUser')).toBe(before);
  });

  it('removes a role, and refuses to remove one the user does not hold (409)', async () => {
    const adminRole = await roleId('admin');
    expect((await admin.delete(`/api/admin/users/${userId}/roles/${adminRole}`)).body).toEqual({ success: true });
    expect((await member.get('/api/admin/orgs')).status).toBe(403);
    const again = await admin.delete(`/api/admin/users/${userId}/roles/${adminRole}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User does not have this role');
  });

  it('answers 404 for an unknown user or role, malformed ids included', async () => {
    const adminRole = await roleId('admin');
    for (const path of [
      `/api/admin/users/${userId}/roles/${randomUUID()}`,
      `/api/admin/users/${randomUUID()}/roles/${adminRole}`,
      `/api/admin/users/${userId}/roles/nope`,
      `/api/admin/users/nope/roles/${adminRole}`,
    ]) {
      expect((await admin.post(path)).status).toBe(404);
      expect((await admin.delete(path)).status).toBe(404);
    }
  });
});

describe('admin roles and permissions', () => {
  it('lists the seeded roles with their permissions and the whole catalogue', async () => {
    const res = await admin.get('/api/admin/roles');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.body.roles as { name: string; permissions: { name: string }[] }[]).map((r) => [r.name, r.permissions.map((p) => p.name)]));
    expect(byName).toMatchObject({ admin: ['admin'], member: [] });
    expect(res.body.allPossiblePermissions).toEqual(PERMISSIONS);
    expect(res.body.allPossiblePermissions.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['admin.orgs.edit', 'admin.users.view', 'admin.assistants.edit']));
  });

  it('lists the permission catalogue', async () => {
    const res = await admin.get('/api/admin/permissions');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(PERMISSIONS);
  });

  it('creates a role with a trimmed name; a blank name is 400 Role name required, a taken one 409 duplicate', async () => {
    const res = await admin.post('/api/admin/roles', { name: '  Support staff ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, role: { name: 'Support staff', permissions: [] } });
    const blank = await admin.post('/api/admin/roles', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Role name required');
    const taken = await admin.post('/api/admin/roles', { name: 'support STAFF' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ type: 'duplicate', field: 'name' });
  });

  it('adds and removes a permission of a role; twice is 409; unknown role or permission 404', async () => {
    const role = await roleId('Support staff');
    const add = await admin.post(`/api/admin/roles/${role}/permissions/admin.orgs.view`);
    expect(add.body).toEqual({ success: true });
    const perms = async () => ((await admin.get('/api/admin/roles')).body.roles as { id: string; permissions: { name: string; description: string }[] }[]).find((r) => r.id === role)!.permissions;
    expect(await perms()).toEqual([PERMISSIONS.find((p) => p.name === 'admin.orgs.view')]);
    expect((await admin.post(`/api/admin/roles/${role}/permissions/admin.orgs.view`)).status).toBe(409);
    expect((await admin.delete(`/api/admin/roles/${role}/permissions/admin.orgs.view`)).body).toEqual({ success: true });
    expect(await perms()).toEqual([]);
    expect((await admin.delete(`/api/admin/roles/${role}/permissions/admin.orgs.view`)).status).toBe(409);
    expect((await admin.post(`/api/admin/roles/${role}/permissions/admin.nothing`)).status).toBe(404);
    expect((await admin.post(`/api/admin/roles/${randomUUID()}/permissions/admin.orgs.view`)).status).toBe(404);
    expect((await admin.post('/api/admin/roles/not-a-uuid/permissions/admin.orgs.view')).status).toBe(404);
  });

  it('keeps the admin permission on the admin role, so nobody locks the admins out', async () => {
    const res = await admin.delete(`/api/admin/roles/${await roleId('admin')}/permissions/admin`);
    expect(res.status).toBe(409);
    expect((await admin.get('/api/admin/orgs')).status).toBe(200);
  });
});

describe('admin organizations', () => {
  it('lists organizations with status, balance, last billing and subscription', async () => {
    const res = await admin.get('/api/admin/orgs');
    expect(res.status).toBe(200);
    const org = (res.body as { name: string }[]).find((o) => o.name === 'Admin Org');
    expect(org).toEqual({
      id: expect.any(String), name: 'Admin Org', is_active: true, credit_balance: 0, last_billing: null, subscription: null,
      // The teams issue: each organization's members with their roles (its creator, the owner).
      members: [expect.objectContaining({ role: 'owner', userId: expect.any(String) })],
    });
  });

  it('toggles an organization with exactly one event each time, visible in the list at once', async () => {
    const org = ((await admin.get('/api/admin/orgs')).body as { id: string; name: string }[]).find((o) => o.name === 'Admin Org')!;
    const before = (await app.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [`org-${org.id}`])).rows[0].n;
    const off = await admin.post(`/api/admin/orgs/${org.id}/toggle-active`);
    expect(off.body).toEqual({ success: true, is_active: false });
    expect(((await admin.get('/api/admin/orgs')).body as { id: string; is_active: boolean }[]).find((o) => o.id === org.id)?.is_active).toBe(false);
    const on = await admin.post(`/api/admin/orgs/${org.id}/toggle-active`);
    expect(on.body).toEqual({ success: true, is_active: true });
    expect(((await admin.get('/api/admin/orgs')).body as { id: string; is_active: boolean }[]).find((o) => o.id === org.id)?.is_active).toBe(true);
    const events = await app.db.query(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position OFFSET $2`, [`org-${org.id}`, before]);
    expect(events.rows.map((e) => e.type)).toEqual(['OrganizationDeactivated', 'OrganizationActivated']);
  });

  it('answers 404 for an unknown or malformed organization id', async () => {
    expect((await admin.post(`/api/admin/orgs/${randomUUID()}/toggle-active`)).status).toBe(404);
    expect((await admin.post('/api/admin/orgs/42/toggle-active')).status).toBe(404);
  });
});

describe('server paging of the admin lists (only when a page is asked for)', () => {
  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      const { client } = await activeMember(app.url, admin, `pager${n}@example.com`, `Pager ${n}`);
      expect((await client.post('/api/me/profile/update', { name: `Pager ${n}`, orgName: `Paged Org ${n}` })).status).toBe(200);
    }
  });

  it('answers {data, totalPages} for orgs, searched, sorted both ways and cut to the limit', async () => {
    const asc = await admin.get('/api/admin/orgs?page=1&limit=2&search=paged%20org&sortField=name&sortOrder=asc');
    expect(asc.status).toBe(200);
    expect(asc.body.totalPages).toBe(2);
    expect(asc.body.data.map((o: { name: string }) => o.name)).toEqual(['Paged Org 1', 'Paged Org 2']);
    const second = await admin.get('/api/admin/orgs?page=2&limit=2&search=paged%20org&sortField=name&sortOrder=asc');
    expect(second.body.data.map((o: { name: string }) => o.name)).toEqual(['Paged Org 3']);
    const desc = await admin.get('/api/admin/orgs?page=1&limit=2&search=PAGED&sortField=name&sortOrder=desc');
    expect(desc.body.data.map((o: { name: string }) => o.name)).toEqual(['Paged Org 3', 'Paged Org 2']);
    const beyond = await admin.get('/api/admin/orgs?page=9&limit=2&search=paged');
    expect(beyond.body).toEqual({ data: [], totalPages: 2 });
  });

  it("unsearched, counts the pages from the read model's kept total: every organization once", async () => {
    const orgs = (await app.db.query('SELECT count(*)::int AS n FROM orgs')).rows[0].n as number;
    expect(orgs).toBeGreaterThanOrEqual(3);
    expect((await app.db.query('SELECT n::int AS n FROM orgs_total')).rows[0].n).toBe(orgs);
    expect((await admin.get('/api/admin/orgs?page=1&limit=1')).body.totalPages).toBe(orgs);
    expect((await admin.get(`/api/admin/orgs?page=${orgs + 5}&limit=1`)).body).toEqual({ data: [], totalPages: orgs });
  });

  it('answers {data, totalPages} for users, and treats % and _ in the search as plain text', async () => {
    const res = await admin.get('/api/admin/users?page=1&limit=10&search=pager&sortField=email&sortOrder=desc');
    expect(res.body.totalPages).toBe(1);
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual(['pager3@example.com', 'pager2@example.com', 'pager1@example.com']);
    expect((await admin.get('/api/admin/users?page=1&search=%25')).body).toEqual({ data: [], totalPages: 1 });
  });

  it('refuses a sort field it does not know (400) and a limit over 100', async () => {
    expect((await admin.get('/api/admin/orgs?page=1&sortField=password')).status).toBe(400);
    expect((await admin.get('/api/admin/users?page=1&limit=1000')).status).toBe(400);
  });

  it('still answers the whole list without a page', async () => {
    const res = await admin.get('/api/admin/orgs?search=nothing-matches');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
  });
});
