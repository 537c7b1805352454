import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, signInAdmin } from '../support/identity.ts';
import { waitFor } from '../support/processes.ts';
import { projectStreamId } from '../../services/projects/events.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
});
afterAll(async () => t?.close());

/** An active member whose organization is created the way a user does it: on the profile. */
async function memberOf(orgName: string) {
  const email = `${randomUUID().slice(0, 8)}@example.com`;
  const { client } = await activeMember(t.url, admin, email);
  const saved = await client.post('/api/me/profile/update', { name: 'Pro Ject', orgName });
  expect(saved.status).toBe(200);
  return client;
}

describe('projects', () => {
  it('creates a project (201 with id, name, description) that the very next list and read show', async () => {
    const member = await memberOf(`Acme ${randomUUID().slice(0, 6)}`);
    const res = await member.post('/api/projects', { name: '  Launch plan ', description: 'Q3 launch' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Launch plan', description: 'Q3 launch' });
    const list = await member.get('/api/projects');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(res.body);
    const one = await member.get(`/api/projects/${res.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(res.body);
  });

  it('lists the newest project first, a missing description answered as empty', async () => {
    const member = await memberOf(`Order ${randomUUID().slice(0, 6)}`);
    await member.post('/api/projects', { name: 'First', description: '' });
    const second = await member.post('/api/projects', { name: 'Second' });
    expect(second.body.description).toBe('');
    const list = await member.get('/api/projects');
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Second', 'First']);
  });

  it("shows a project's last change in its read and its organization's list, whatever its text holds", async () => {
    const member = await memberOf(`Renamed ${randomUUID().slice(0, 6)}`);
    const other = (await member.post('/api/projects', { name: 'Untouched', description: 'stays' })).body;
    const project = (await member.post('/api/projects', { name: 'Draft', description: 'first' })).body;
    const at = () => new Date().toISOString();
    // Two changes in one append (one batch of the read model): the second is the one shown. The text holds
    // what an array literal quotes (a comma, quotes, a backslash, braces, the word NULL) and an empty description.
    const name = 'Plan, "B" \\ {v2}';
    await t.app.store.append(
      projectStreamId(project.id),
      [
        { type: 'ProjectUpdated', data: { projectId: project.id, name: 'Interim', description: 'second', at: at() } },
        { type: 'ProjectUpdated', data: { projectId: project.id, name, description: '', at: at() } },
      ],
      { expected: 'any' },
    );
    const renamed = { id: project.id, name, description: '' };
    await waitFor('the rename to reach the read model', async () => (await member.get(`/api/projects/${project.id}`)).body?.name === name);
    expect((await member.get(`/api/projects/${project.id}`)).body).toEqual(renamed);
    expect((await member.get('/api/projects')).body).toEqual([renamed, other]);
    await t.app.store.append(projectStreamId(project.id), [{ type: 'ProjectUpdated', data: { projectId: project.id, name: 'NULL', description: "it's", at: at() } }], { expected: 'any' });
    await waitFor('the second rename', async () => (await member.get('/api/projects')).body?.[0]?.name === 'NULL');
    expect((await member.get('/api/projects')).body).toEqual([{ id: project.id, name: 'NULL', description: "it's" }, other]);
  });

  it("keeps each organization's projects to itself: another org's id is a 404", async () => {
    const alice = await memberOf(`Alice Co ${randomUUID().slice(0, 6)}`);
    const bob = await memberOf(`Bob Co ${randomUUID().slice(0, 6)}`);
    const secret = await alice.post('/api/projects', { name: 'Secret', description: 'Only Alice' });
    expect(secret.status).toBe(201);
    const bobs = await bob.get('/api/projects');
    expect(bobs.body.some((p: { id: string }) => p.id === secret.body.id)).toBe(false);
    const peek = await bob.get(`/api/projects/${secret.body.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body).toMatchObject({ error: 'Project not found' });
    expect((await bob.get(`/api/projects/${randomUUID()}`)).status).toBe(404);
    expect((await bob.get('/api/projects/not-an-id')).status).toBe(404);
  });

  it('answers a member without an organization with an empty list and an error text on create', async () => {
    const { client } = await activeMember(t.url, admin, `${randomUUID().slice(0, 8)}@example.com`);
    expect((await client.get('/api/projects')).body).toEqual([]);
    const res = await client.post('/api/projects', { name: 'Orphan', description: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Create your organization on your profile first');
  });

  it('refuses a blank name with an error naming it, storing nothing', async () => {
    const member = await memberOf(`Blank ${randomUUID().slice(0, 6)}`);
    const res = await member.post('/api/projects', { name: '   ', description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('name');
    expect(typeof res.body.error).toBe('string');
    expect((await member.get('/api/projects')).body).toEqual([]);
  });

  it('refuses a member of a disabled organization with 403 org_inactive, storing nothing, and lets them again once enabled', async () => {
    const member = await memberOf(`Paused ${randomUUID().slice(0, 6)}`);
    const orgId = (await member.get('/api/auth/me')).body.user.organization_id as string;
    expect((await admin.post(`/api/admin/orgs/${orgId}/toggle-active`)).status).toBe(200);
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ProjectCreated'`)).rows[0].n;
    const refused = await member.post('/api/projects', { name: 'While paused', description: '' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('org_inactive');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ProjectCreated'`)).rows[0].n).toBe(before);
    expect((await member.get('/api/projects')).body).toEqual([]);

    expect((await admin.post(`/api/admin/orgs/${orgId}/toggle-active`)).status).toBe(200);
    expect((await member.post('/api/projects', { name: 'Back at it', description: '' })).status).toBe(201);
  });

  it('answers 401 to a visitor and 403 to an inactive account', async () => {
    const visitor = new Client(t.url);
    expect((await visitor.get('/api/projects')).status).toBe(401);
    expect((await visitor.post('/api/projects', { name: 'x' })).status).toBe(401);
    expect((await visitor.get(`/api/projects/${randomUUID()}`)).status).toBe(401);
    const inactive = await signIn(t.url, `${randomUUID().slice(0, 8)}@example.com`);
    expect((await inactive.get('/api/projects')).status).toBe(403);
    expect((await inactive.post('/api/projects', { name: 'x' })).status).toBe(403);
  });
});
