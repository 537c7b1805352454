import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserve } from '../../services/eventstore/reservations.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { invite, joinTeam, teamEmail, type TeamRole } from '../support/teams.ts';
import { freePort, spawnApi, waitFor, type Child } from '../support/processes.ts';

/** Issue 24: members and roles, invitations, membership, budgets that never overshoot. */
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

const email = teamEmail;
const join = (owner: Client, role: TeamRole, who?: string) => joinTeam(t.url, owner, role, who);

/** An owner with an organization holding `credits`. */
async function team(credits = 100) {
  const owner = await memberWithOrg(t, email('owner'), credits);
  return owner;
}

describe('members and roles', () => {
  it('makes the creator the owner; a member reads but manages nothing (403, nothing changes); billing manages money, not people', async () => {
    const owner = await team();
    const members = await owner.client.get('/api/me/org/members');
    expect(members.status).toBe(200);
    expect(members.body.data).toEqual([expect.objectContaining({ userId: owner.userId, role: 'owner' })]);

    const member = await join(owner.client, 'member');
    const billing = await join(owner.client, 'billing');
    expect(member.orgId).toBe(owner.orgId);
    const list = (await member.client.get('/api/me/org/members')).body.data as { userId: string; role: string; email: string }[];
    expect(list.map((m) => m.role).sort()).toEqual(['billing', 'member', 'owner']);
    expect(list.find((m) => m.userId === member.userId)?.email).toBe(member.email);

    // A member: no invitations, roles, removals, budgets, API keys.
    expect((await member.client.post('/api/me/org/invitations', { email: email('x'), role: 'member' })).status).toBe(403);
    expect((await member.client.put(`/api/me/org/members/${billing.userId}`, { role: 'member' })).status).toBe(403);
    expect((await member.client.delete(`/api/me/org/members/${billing.userId}`)).status).toBe(403);
    const refused = await member.client.put('/api/me/org/budgets', { scope: 'member', id: member.userId, credits: 5, period: 'month' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/owner or a billing member/);
    expect((await member.client.post('/api/me/api-keys', { name: 'nope' })).status).toBe(403);
    expect((await member.client.put('/api/me/alerts', { lowBalanceCredits: 10 })).status).toBe(403);
    expect((await member.client.post('/api/me/webhook-endpoints', { url: 'https://example.com/hook' })).status).toBe(403);
    expect((await member.client.post('/api/stripe/create-portal-session', {})).status).toBe(403);
    expect((await member.client.put('/api/me/auto-top-up', { enabled: false })).status).toBe(403);
    expect((await member.client.get('/api/me/alerts')).body).toMatchObject({ lowBalanceCredits: null });
    // ...but spends and reads the organization's credits.
    expect((await member.client.post('/api/usage', { credits: 1, description: 'a call', idempotencyKey: 'm1' })).body).toEqual({ balance: 99, available: 99 });
    expect((await member.client.get('/api/balance')).body).toMatchObject({ balance: 99 });

    // Billing: API keys and budgets, but not people.
    expect((await billing.client.post('/api/me/api-keys', { name: 'server' })).status).toBe(201);
    expect((await billing.client.put('/api/me/org/budgets', { scope: 'member', id: member.userId, credits: 5, period: 'month' })).status).toBe(200);
    expect((await billing.client.post('/api/me/org/invitations', { email: email('y'), role: 'member' })).status).toBe(403);
    expect((await billing.client.put(`/api/me/org/members/${member.userId}`, { role: 'owner' })).status).toBe(403);

    // The company profile every advisor is told: every member reads it, only an owner changes it.
    expect((await owner.client.put('/api/me/org/profile', { industry: 'Coffee roasting', goals: 'A second shop' })).status).toBe(200);
    for (const other of [member, billing]) {
      const refusedProfile = await other.client.put('/api/me/org/profile', { industry: 'Something else' });
      expect(refusedProfile.status).toBe(403);
      expect(refusedProfile.body).toMatchObject({ error: 'forbidden', required: 'owner' });
    }
    expect((await member.client.get('/api/me/org/profile')).body).toMatchObject({ industry: 'Coffee roasting', goals: 'A second shop' });

    const after = (await owner.client.get('/api/me/org/members')).body.data as { role: string }[];
    expect(after.map((m) => m.role).sort()).toEqual(['billing', 'member', 'owner']);
  });

  it('keeps at least one owner: demoting, removing or leaving as the last owner is 409 last_owner', async () => {
    const owner = await team();
    const other = await join(owner.client, 'member');
    expect((await owner.client.put(`/api/me/org/members/${owner.userId}`, { role: 'member' })).body).toMatchObject({ error: 'last_owner' });
    expect((await owner.client.delete(`/api/me/org/members/${owner.userId}`)).status).toBe(409);
    const leave = await owner.client.post('/api/me/org/leave');
    expect(leave.status).toBe(409);
    expect(leave.body.error).toBe('last_owner');

    // With a second owner, the first may step down.
    const promoted = await owner.client.put(`/api/me/org/members/${other.userId}`, { role: 'owner' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: other.userId, role: 'owner' });
    expect((await owner.client.put(`/api/me/org/members/${owner.userId}`, { role: 'billing' })).status).toBe(200);
    expect((await other.client.put(`/api/me/org/members/${other.userId}`, { role: 'member' })).status).toBe(409);
  });

  it('refuses bad input: unknown or malformed ids 404, a role outside the three 400, another organization\'s member 404', async () => {
    const owner = await team();
    const stranger = await team();
    expect((await owner.client.put(`/api/me/org/members/${randomUUID()}`, { role: 'member' })).status).toBe(404);
    expect((await owner.client.put('/api/me/org/members/not-an-id', { role: 'member' })).status).toBe(404);
    expect((await owner.client.put(`/api/me/org/members/${owner.userId}`, { role: 'admin' })).status).toBe(400);
    expect((await owner.client.delete(`/api/me/org/members/${stranger.userId}`)).status).toBe(404);
    expect((await owner.client.put(`/api/me/org/members/${stranger.userId}`, { role: 'member' })).status).toBe(404);
    expect((await stranger.client.get('/api/me/org/members')).body.data).toHaveLength(1);
    expect((await owner.client.post('/api/me/org/invitations', { email: 'not an email', role: 'member' })).status).toBe(400);
    expect((await owner.client.post('/api/me/org/invitations', { email: email('r'), role: 'king' })).status).toBe(400);
    expect((await owner.client.delete(`/api/me/org/invitations/${randomUUID()}`)).status).toBe(404);
  });
});

describe('invitations', () => {
  it('answers a single-use link valid 7 days, lists and revokes it; a new inactive account is active once it accepts', async () => {
    const owner = await team();
    const who = email('Invited').replace('invited', 'Invited');
    const created = await invite(owner.client, who, 'member');
    expect(created).toMatchObject({ email: who.toLowerCase(), role: 'member', emailed: false });
    expect(created.url).toBe(`${t.url}/join/${created.token}`);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const listed = await owner.client.get('/api/me/org/invitations');
    expect(listed.body.data).toEqual([{ id: created.id, email: who.toLowerCase(), role: 'member', status: 'pending', expiresAt: created.expiresAt }]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);

    const preview = await new Client(t.url).get(`/api/invitations/${created.token}`);
    expect(preview.body).toMatchObject({ email: who.toLowerCase(), role: 'member', status: 'pending' });

    // A brand-new account is inactive; the email matches case-insensitively.
    const invitee = await signIn(t.url, who.toUpperCase());
    expect((await invitee.get('/api/me/profile')).status).toBe(403);
    const accepted = await invitee.post(`/api/invitations/${created.token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ orgId: owner.orgId });
    expect((await invitee.get('/api/me/profile')).body).toMatchObject({ organization_id: owner.orgId });
    expect((await invitee.get('/api/auth/me')).body.user).toMatchObject({ is_active: true, organization_id: owner.orgId });

    // Used: 410, for anyone.
    const again = await invitee.post(`/api/invitations/${created.token}/accept`);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('invitation_unavailable');
    expect((await owner.client.get('/api/me/org/invitations')).body.data[0].status).toBe('accepted');

    // Invited again: the new invitation replaces the open one, whose link stops working.
    const first = await invite(owner.client, email('twice'), 'member');
    const second = await invite(owner.client, first.email.toUpperCase(), 'billing');
    const twice = (await owner.client.get('/api/me/org/invitations')).body.data.filter((i: { email: string }) => i.email === first.email);
    expect(twice).toEqual([
      { id: second.id, email: first.email, role: 'billing', status: 'pending', expiresAt: second.expiresAt },
      { id: first.id, email: first.email, role: 'member', status: 'revoked', expiresAt: first.expiresAt },
    ]);
    const twiceInvitee = await signIn(t.url, first.email);
    expect((await twiceInvitee.post(`/api/invitations/${first.token}/accept`)).body).toMatchObject({ error: 'invitation_unavailable' });

    // Someone already a member (any case) is not invited: 409 already_member, and no invitation is made.
    const before = (await owner.client.get('/api/me/org/invitations')).body.data.length;
    const member = await owner.client.post('/api/me/org/invitations', { email: who.toUpperCase(), role: 'billing' });
    expect(member.status).toBe(409);
    expect(member.body).toMatchObject({ error: 'already_member', message: `${who.toLowerCase()} is already a member of this organization` });
    expect((await owner.client.get('/api/me/org/invitations')).body.data).toHaveLength(before);

    const revoked = await invite(owner.client, email('revoked'), 'billing');
    expect((await owner.client.delete(`/api/me/org/invitations/${revoked.id}`)).status).toBe(204);
    expect((await (await signIn(t.url, revoked.email)).post(`/api/invitations/${revoked.token}/accept`)).body).toMatchObject({ error: 'invitation_unavailable' });
  });

  it('refuses another email (403), an expired, guessed or malformed token (410), someone already in an organization (409)', async () => {
    const owner = await team();
    const created = await invite(owner.client, email('meant'), 'member');
    const wrong = await signIn(t.url, email('someone-else'));
    const mismatch = await wrong.post(`/api/invitations/${created.token}/accept`);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error).toBe('invitation_email_mismatch');
    expect((await owner.client.get('/api/me/org/members')).body.data).toHaveLength(1);

    expect((await wrong.post(`/api/invitations/${'x'.repeat(43)}/accept`)).status).toBe(410);
    expect((await wrong.post('/api/invitations/short/accept')).status).toBe(410);
    expect((await new Client(t.url).get(`/api/invitations/${'y'.repeat(43)}`)).status).toBe(410);

    // Expired: an invitation whose week is over.
    const token = 'expired-token-' + randomUUID().replaceAll('-', '');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const late = email('late');
    await t.app.commands.transaction(async (tx) => {
      await reserve(tx.client, 'invitation', tokenHash, owner.orgId, 'token');
      const at = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
      const expiresAt = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
      await tx.run(orgDecider, orgStreamId(owner.orgId), { type: 'CreateInvitation', data: { orgId: owner.orgId, invitationId: randomUUID(), email: late, role: 'member', tokenHash, expiresAt, at } }, { metadata: { actor: 'test' } });
    });
    expect((await (await signIn(t.url, late)).post(`/api/invitations/${token}/accept`)).body).toMatchObject({ error: 'invitation_unavailable' });
    expect((await owner.client.get('/api/me/org/invitations')).body.data.find((i: { email: string }) => i.email === late).status).toBe('expired');

    // Already in another organization.
    const elsewhere = await team();
    const toThem = await invite(owner.client, (await elsewhere.client.get('/api/auth/me')).body.user.email, 'member');
    const busy = await elsewhere.client.post(`/api/invitations/${toThem.token}/accept`);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('already_in_organization');
    expect((await owner.client.get('/api/me/org/members')).body.data).toHaveLength(1);
  });
});

describe('membership', () => {
  it('removes a member at once on every API process (within a second); they keep their account and may name a new organization; keys and projects stay', { timeout: 300_000 }, async () => {
    const owner = await team(50);
    const member = await join(owner.client, 'member');
    const key = (await owner.client.post('/api/me/api-keys', { name: 'server' })).body.key as string;
    const project = await member.client.post('/api/projects', { name: 'Launch', description: '' });
    expect(project.status).toBe(201);
    // Projects belong to the organization: every member sees them.
    await waitFor('the owner to see the member\'s project', async () => ((await owner.client.get('/api/projects')).body as { id: string }[]).some((p) => p.id === project.body.id));

    const second = await spawnApi(t.config, await freePort());
    children.push(second);
    const there = new Client(second.url);
    there.cookie = member.client.cookie;
    for (let i = 0; i < 3; i++) expect((await there.get('/api/balance')).status).toBe(200);

    expect((await owner.client.delete(`/api/me/org/members/${member.userId}`)).body).toEqual({ userId: member.userId, removed: true });
    expect((await member.client.post('/api/usage', { credits: 1, description: 'x', idempotencyKey: 'gone' })).status).toBe(400);
    const started = Date.now();
    await waitFor('the second process to refuse the removed member', async () => (await there.get('/api/balance')).status === 400, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await there.post('/api/usage', { credits: 1, description: 'x', idempotencyKey: 'gone-2' })).status).toBe(400);
    expect((await member.client.get('/api/projects')).body).toEqual([]);
    expect((await member.client.get(`/api/projects/${project.body.id}`)).status).toBe(404);
    expect((await member.client.get('/api/me/org/members')).status).toBe(400);

    // The organization's key still works, and nothing was spent.
    const balance = await new Client(t.url).request('GET', '/api/balance', undefined, { authorization: `Bearer ${key}` });
    expect(balance.body).toMatchObject({ balance: 50 });
    // The account stays, and may start over.
    const fresh = await member.client.post('/api/me/profile/update', { name: 'Still here', orgName: `New ${randomUUID().slice(0, 6)}` });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.organization_id).not.toBe(owner.orgId);
    expect((await member.client.get('/api/me/org/members')).body.data).toEqual([expect.objectContaining({ userId: member.userId, role: 'owner' })]);
  });

  it('lets a member leave; a removed member is gone from the list', async () => {
    const owner = await team();
    const member = await join(owner.client, 'billing');
    expect((await member.client.post('/api/me/org/leave')).body).toEqual({ left: true });
    expect((await owner.client.get('/api/me/org/members')).body.data).toHaveLength(1);
    expect((await member.client.get('/api/auth/me')).body.user.organization_id).toBeNull();
  });
});

describe('budgets', () => {
  it('100 concurrent 1-credit debits against a 30-credit member budget: exactly 30 pass, 0 overshoot', async () => {
    const owner = await team(500);
    const member = await join(owner.client, 'member');
    const set = await owner.client.put('/api/me/org/budgets', { scope: 'member', id: member.userId, credits: 30, period: 'month' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ scope: 'member', id: member.userId, credits: 30, period: 'month', spent: 0, held: 0 });

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => member.client.post('/api/usage', { credits: 1, description: 'burst', idempotencyKey: `burst-${i}` })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(70);
    expect(refused[0].body).toMatchObject({ error: 'budget_exceeded', scope: 'member', id: member.userId, credits: 30, spent: 30 });
    expect((await owner.client.get('/api/balance')).body).toMatchObject({ balance: 470 });
    const budgets = (await member.client.get('/api/me/org/budgets')).body.data;
    expect(budgets).toEqual([expect.objectContaining({ scope: 'member', id: member.userId, credits: 30, spent: 30, held: 0 })]);
    expect(budgets[0].periodStart).toBe(`${new Date().toISOString().slice(0, 7)}-01T00:00:00.000Z`);
    // The owner has no budget: the pool still serves them.
    expect((await owner.client.post('/api/usage', { credits: 5, description: 'owner', idempotencyKey: 'o1' })).status).toBe(200);
  }, 60_000);

  it('counts a project\'s spends and holds (a capture or release corrects the count); every budget that applies must have room', async () => {
    const owner = await team(200);
    const member = await join(owner.client, 'member');
    const project = (await member.client.post('/api/projects', { name: 'Budgeted', description: '' })).body.id as string;
    expect((await owner.client.put('/api/me/org/budgets', { scope: 'project', id: project, credits: 10, period: 'total' })).status).toBe(200);
    expect((await owner.client.put('/api/me/org/budgets', { scope: 'member', id: member.userId, credits: 100, period: 'month' })).status).toBe(200);

    expect((await member.client.post('/api/usage', { credits: 4, description: 'a', idempotencyKey: 'p1', projectId: project })).status).toBe(200);
    const hold = await member.client.post('/api/usage/holds', { credits: 5, description: 'job', idempotencyKey: 'h1', projectId: project });
    expect(hold.status).toBe(201);
    let budgets = (await owner.client.get('/api/me/org/budgets')).body.data as { scope: string; spent: number; held: number }[];
    expect(budgets.find((b) => b.scope === 'project')).toMatchObject({ spent: 4, held: 5 });
    expect(budgets.find((b) => b.scope === 'member')).toMatchObject({ spent: 4, held: 5 });

    const over = await member.client.post('/api/usage', { credits: 2, description: 'b', idempotencyKey: 'p2', projectId: project });
    expect(over.status).toBe(402);
    expect(over.body).toMatchObject({ error: 'budget_exceeded', scope: 'project', id: project, credits: 10, spent: 4 });
    expect(over.body.message).toMatch(/5 held/);
    // Without the project, only the member's budget applies.
    expect((await member.client.post('/api/usage', { credits: 2, description: 'c', idempotencyKey: 'p3' })).status).toBe(200);

    expect((await member.client.post(`/api/usage/holds/${hold.body.holdId}/capture`, { credits: 3 })).status).toBe(200);
    budgets = (await owner.client.get('/api/me/org/budgets')).body.data;
    expect(budgets.find((b) => b.scope === 'project')).toMatchObject({ spent: 7, held: 0 });
    expect(budgets.find((b) => b.scope === 'member')).toMatchObject({ spent: 9, held: 0 });
    expect((await member.client.post('/api/usage', { credits: 3, description: 'd', idempotencyKey: 'p4', projectId: project })).status).toBe(200);
    expect((await member.client.post('/api/usage', { credits: 1, description: 'e', idempotencyKey: 'p5', projectId: project })).status).toBe(402);

    // Removing the budget lifts it.
    expect((await owner.client.delete(`/api/me/org/budgets/project/${project}`)).status).toBe(204);
    expect((await member.client.post('/api/usage', { credits: 1, description: 'f', idempotencyKey: 'p6', projectId: project })).status).toBe(200);
    expect((await owner.client.delete(`/api/me/org/budgets/project/${project}`)).status).toBe(404);
  });

  it('refuses bad budgets (400), another organization\'s member or project (404), and another organization\'s project on a spend (404)', async () => {
    const owner = await team(20);
    const stranger = await team(20);
    const theirs = (await stranger.client.post('/api/projects', { name: 'Theirs', description: '' })).body.id as string;
    const put = (body: unknown) => owner.client.put('/api/me/org/budgets', body);
    for (const credits of [-1, 1.5, 1e12]) expect((await put({ scope: 'member', id: owner.userId, credits, period: 'month' })).status).toBe(400);
    expect((await put({ scope: 'team', id: owner.userId, credits: 5, period: 'month' })).status).toBe(400);
    expect((await put({ scope: 'member', id: owner.userId, credits: 5, period: 'week' })).status).toBe(400);
    expect((await put({ scope: 'member', id: stranger.userId, credits: 5, period: 'month' })).status).toBe(404);
    expect((await put({ scope: 'project', id: theirs, credits: 5, period: 'month' })).status).toBe(404);
    expect((await put({ scope: 'project', id: 'nope', credits: 5, period: 'month' })).status).toBe(404);
    expect((await owner.client.delete(`/api/me/org/budgets/member/${randomUUID()}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/me/org/budgets/team/${owner.userId}`)).status).toBe(404);
    expect((await owner.client.get('/api/me/org/budgets')).body.data).toEqual([]);
    expect((await owner.client.post('/api/usage', { credits: 1, description: 'x', idempotencyKey: 'x1', projectId: theirs })).status).toBe(404);
    expect((await owner.client.post('/api/usage/holds', { credits: 1, description: 'x', idempotencyKey: 'x2', projectId: 'nope' })).status).toBe(404);
    expect((await owner.client.get('/api/balance')).body).toMatchObject({ balance: 20, held: 0 });
  });
});
