import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg, userIdOf } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { joinTeam, teamEmail, type TeamRole } from '../support/teams.ts';

/** Issue 24, items 5 and 6: who spends (per member and project, the history names the member) and admins seeing and changing teams. */
let t: TestApp;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  t = await startApp({ workers: true });
  admin = await signInAdmin(t.url);
  adminId = (await admin.get('/api/auth/me')).body.user.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const join = (owner: Client, role: TeamRole, who?: string) => joinTeam(t.url, owner, role, who);
const team = (credits = 100) => memberWithOrg(t, teamEmail('owner'), credits);
const spend = (client: Client, credits: number, projectId?: string) =>
  client.post('/api/usage', { credits, description: 'work', idempotencyKey: randomUUID(), ...(projectId ? { projectId } : {}) });
type Usage = { period: string; periodStart: string; total: number; members: { userId: string | null; name: string; email: string; credits: number }[]; projects: { projectId: string | null; name: string; credits: number }[] };

describe("this period's usage per member and per project", () => {
  it('counts each member\'s and project\'s spends this UTC month (a capture for the hold\'s member and project); any member reads it; other organizations see none of it', async () => {
    const owner = await team(200);
    const member = await join(owner.client, 'member');
    const project = (await member.client.post('/api/projects', { name: 'Launch plan', description: '' })).body.id as string;
    const key = (await owner.client.post('/api/me/api-keys', { name: 'server' })).body.key as string;

    expect((await spend(member.client, 3, project)).status).toBe(200);
    expect((await spend(member.client, 2)).status).toBe(200);
    expect((await spend(owner.client, 4)).status).toBe(200);
    const byKey = await new Client(t.url).request('POST', '/api/usage', { credits: 1, description: 'server', idempotencyKey: 'k1' }, { authorization: `Bearer ${key}` });
    expect(byKey.status).toBe(200);
    const hold = await member.client.post('/api/usage/holds', { credits: 5, description: 'job', idempotencyKey: 'h1', projectId: project });
    expect(hold.status).toBe(201);
    // The owner captures the member's hold: it counts for the member and the project.
    expect((await owner.client.post(`/api/usage/holds/${hold.body.holdId}/capture`, { credits: 3 })).status).toBe(200);

    // Read models follow the log: wait (bounded) until the last spend is counted, then every figure must be exact.
    const usage = await waitFor('the capture to be counted', async () => {
      const answer = await member.client.get<Usage>('/api/me/org/usage?period=month');
      expect(answer.status).toBe(200);
      return answer.body.total >= 13 && answer.body;
    });
    expect(usage).toMatchObject({ period: 'month', periodStart: `${new Date().toISOString().slice(0, 7)}-01T00:00:00.000Z`, total: 13 });
    expect(usage.members).toEqual([
      { userId: member.userId, name: expect.any(String), email: member.email, credits: 8 },
      { userId: owner.userId, name: expect.any(String), email: expect.stringContaining('@example.com'), credits: 4 },
      { userId: null, name: '', email: '', credits: 1 },
    ]);
    expect(usage.projects).toEqual([
      { projectId: null, name: '', credits: 7 },
      { projectId: project, name: 'Launch plan', credits: 6 },
    ]);
    // The default period is the month; 'total' counts every month.
    expect((await owner.client.get<Usage>('/api/me/org/usage')).body.total).toBe(13);
    expect((await owner.client.get<Usage>('/api/me/org/usage?period=total')).body).toMatchObject({ period: 'total', total: 13 });

    const week = await owner.client.get('/api/me/org/usage?period=week');
    expect(week.status).toBe(400);
    expect(week.body.message).toMatch(/period must be month or total/);
    expect((await new Client(t.url).get('/api/me/org/usage')).status).toBe(401);
    const stranger = await team(10);
    expect((await stranger.client.get<Usage>('/api/me/org/usage')).body).toMatchObject({ total: 0, members: [], projects: [] });
  });

  it('names the member behind each spend in the admin history (an API key\'s spend names none)', async () => {
    const owner = await team(50);
    const member = await join(owner.client, 'member', teamEmail('spender'));
    await member.client.post('/api/me/profile/update', { name: 'Sam Spender' });
    expect((await spend(member.client, 2)).status).toBe(200);
    const key = (await owner.client.post('/api/me/api-keys', { name: 'server' })).body.key as string;
    await new Client(t.url).request('POST', '/api/usage', { credits: 1, description: 'server', idempotencyKey: 'k1' }, { authorization: `Bearer ${key}` });

    const history = await admin.get(`/api/admin/streams/org-${owner.orgId}/events?page=1&limit=50&sortOrder=asc`);
    expect(history.status).toBe(200);
    const debits = (history.body.data as { type: string; data: { amount: number }; member: unknown }[]).filter((e) => e.type === 'CreditsDebited');
    expect(debits).toHaveLength(2);
    expect(debits[0].member).toEqual({ userId: member.userId, name: 'Sam Spender', email: member.email });
    expect(debits[1].member).toBeNull();
    // A member may not read the admin history.
    expect((await member.client.get(`/api/admin/streams/org-${owner.orgId}/events`)).status).toBe(403);
  });
});

describe('admins see and change teams', () => {
  it('lists each organization\'s members with roles, and each user\'s organization and role', async () => {
    const owner = await team();
    const billing = await join(owner.client, 'billing');
    const orgs = (await admin.get('/api/admin/orgs')).body as { id: string; members: { userId: string; name: string; email: string; role: string }[] }[];
    const listed = orgs.find((o) => o.id === owner.orgId)!;
    expect(listed.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, 'owner'],
      [billing.userId, 'billing'],
    ]);
    expect(listed.members[1].email).toBe(billing.email);
    const users = (await admin.get('/api/admin/users')).body as { id: string; organization: { name: string; role: string | null } | null }[];
    expect(users.find((u) => u.id === billing.userId)?.organization).toMatchObject({ role: 'billing' });
    expect(users.find((u) => u.id === owner.userId)?.organization).toMatchObject({ role: 'owner' });

    // A member's new name shows in the organization's list (kept whole by the read model).
    const renamed = `Renamed ${randomUUID().slice(0, 6)}`;
    expect((await billing.client.post('/api/me/profile/update', { name: renamed })).status).toBe(200);
    await waitFor('the list to show the new name', async () => {
      const now = ((await admin.get('/api/admin/orgs?page=1&limit=100&search=' + encodeURIComponent(owner.orgId))).body.data as typeof orgs)[0];
      return now?.members.find((m) => m.userId === billing.userId)?.name === renamed;
    });
  });

  it('adds an existing account by email or id and removes a member, on the organization\'s history with the admin as actor', async () => {
    const owner = await team(20);
    const who = teamEmail('added');
    const account = await signIn(t.url, who);
    const accountId = await userIdOf(t, who);

    const added = await admin.post(`/api/admin/orgs/${owner.orgId}/members`, { email: who.toUpperCase(), role: 'billing' });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual([
      expect.objectContaining({ userId: owner.userId, role: 'owner' }),
      expect.objectContaining({ userId: accountId, email: who, role: 'billing' }),
    ]);
    // The account is in the organization at once, with its role's rights.
    expect((await account.get('/api/auth/me')).body.user.organization_id).toBe(owner.orgId);
    expect((await account.put('/api/me/org/budgets', { scope: 'member', id: owner.userId, credits: 5, period: 'month' })).status).toBe(200);
    expect(((await admin.get('/api/admin/users')).body as { id: string; organization: { role: string } | null }[]).find((u) => u.id === accountId)?.organization?.role).toBe('billing');

    const events = (await admin.get(`/api/admin/streams/org-${owner.orgId}/events?page=1&limit=50&sortOrder=desc`)).body.data as { type: string; data: Record<string, unknown>; metadata: { actor: string } }[];
    const joined = events.find((e) => e.type === 'MemberJoined')!;
    expect(joined.data).toMatchObject({ userId: accountId, role: 'billing', via: 'admin' });
    expect(joined.metadata.actor).toBe(adminId);

    // Removed: out of the organization, recorded with the admin as actor.
    const removed = await admin.delete(`/api/admin/orgs/${owner.orgId}/members/${accountId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ userId: accountId, removed: true });
    expect((await account.get('/api/me/org/members')).status).toBe(400);
    const after = (await admin.get(`/api/admin/streams/org-${owner.orgId}/events?page=1&limit=5&sortOrder=desc`)).body.data as { type: string; data: Record<string, unknown>; metadata: { actor: string } }[];
    expect(after.find((e) => e.type === 'MemberLeft')).toMatchObject({ data: { userId: accountId, reason: 'removed' }, metadata: { actor: adminId } });

    // By id works too.
    const byId = await admin.post(`/api/admin/orgs/${owner.orgId}/members`, { userId: accountId, role: 'member' });
    expect(byId.status).toBe(201);
    expect(byId.body.data.find((m: { userId: string }) => m.userId === accountId).role).toBe('member');
  });

  it('refuses: no admin.orgs.edit 403, unknown or malformed ids 404, a role outside the three 400, the last owner 409, an account in another organization 409', async () => {
    const owner = await team();
    const other = await team();
    const outsiderEmail = teamEmail('outsider');
    await signIn(t.url, outsiderEmail);
    const outsiderId = await userIdOf(t, outsiderEmail);
    const path = `/api/admin/orgs/${owner.orgId}/members`;

    const forbidden = await owner.client.post(path, { userId: outsiderId, role: 'member' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBeTruthy();
    expect((await owner.client.delete(`${path}/${owner.userId}`)).status).toBe(403);
    expect((await owner.client.get(path)).status).toBe(403);

    expect((await admin.post(`/api/admin/orgs/${randomUUID()}/members`, { userId: outsiderId, role: 'member' })).status).toBe(404);
    expect((await admin.post('/api/admin/orgs/not-an-id/members', { userId: outsiderId, role: 'member' })).status).toBe(404);
    const noAccount = await admin.post(path, { email: teamEmail('nobody'), role: 'member' });
    expect(noAccount.status).toBe(404);
    expect(noAccount.body.message).toMatch(/No account has this email/);
    expect((await admin.post(path, { userId: randomUUID(), role: 'member' })).status).toBe(404);
    expect((await admin.post(path, { userId: 'nope', role: 'member' })).status).toBe(404);
    expect((await admin.delete(`${path}/${outsiderId}`)).status).toBe(404);
    expect((await admin.delete(`${path}/not-an-id`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/orgs/${randomUUID()}/members/${owner.userId}`)).status).toBe(404);
    // Another organization's member, through this organization: 404, nothing changes.
    expect((await admin.delete(`${path}/${other.userId}`)).status).toBe(404);

    const badRole = await admin.post(path, { userId: outsiderId, role: 'admin' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toMatch(/role must be one of owner, billing, member/);
    const neither = await admin.post(path, { role: 'member' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toMatch(/either the email or the userId/);
    expect((await admin.post(path, { userId: outsiderId, email: teamEmail('x'), role: 'member' })).status).toBe(400);

    const lastOwner = await admin.delete(`${path}/${owner.userId}`);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error).toBe('last_owner');
    const elsewhere = await admin.post(path, { userId: other.userId, role: 'member' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toBe('already_in_organization');
    const twice = await admin.post(path, { userId: owner.userId, role: 'member' });
    expect(twice.status).toBe(409);

    // Nothing changed.
    expect((await owner.client.get('/api/me/org/members')).body.data).toEqual([expect.objectContaining({ userId: owner.userId, role: 'owner' })]);
    expect((await other.client.get('/api/me/org/members')).body.data).toHaveLength(1);
  });
});
