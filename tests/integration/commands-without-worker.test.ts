import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signIn, type Client } from '../support/http.ts';
import { ADMIN_EMAIL } from '../support/identity.ts';

/**
 * Issue 23 item 11: with no worker running the read models never move, yet commands answer from their
 * own events: a new account creates its organization, an admin creates components and an assistant
 * (with a tag named for the first time and a function) and each answer says what was created.
 */
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  // Nothing will move the read models: a command's bounded wait for them is kept short.
  t = await startApp({ workers: false, env: { READ_MODEL_WAIT_MS: '100' } });
  admin = await signIn(t.url, ADMIN_EMAIL, 'Ada Admin');
}, 120_000);
afterAll(async () => t?.close());

describe('commands answer from their own events, with no worker running', { timeout: 90_000 }, () => {
  it('a new user signs in and creates their organization: the answer and the profile show it', async () => {
    const saved = await admin.post('/api/me/profile/update', { name: 'Ada Admin', orgName: 'No Worker Ltd' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.user).toMatchObject({ name: 'Ada Admin', email: ADMIN_EMAIL, organization: { name: 'No Worker Ltd', credits: 0, is_active: true } });
    const profile = await admin.get('/api/me/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.organization.id).toBe(saved.body.user.organization_id);
    expect((await t.db.query('SELECT count(*)::int AS n FROM orgs')).rows[0].n).toBe(0);
  });

  it('an admin creates components and an assistant with a new tag and a function: each answer is the thing created', async () => {
    const term = await admin.post('/api/admin/components', { name: 'Summary', type: 'term', description: 'What it says' });
    expect(term.status, JSON.stringify(term.body)).toBe(201);
    const report = await admin.post('/api/admin/components', { name: 'Report', type: 'object', description: 'The report', structure: [{ name: 'summary', child_component_id: term.body.id }] });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    expect(report.body.data).toMatchObject({ name: 'Report', structure: [{ name: 'summary', child_component_id: term.body.id, child_component_name: 'Summary' }] });

    const created = await admin.post('/api/admin/assistants', { name: 'Strategist', task: 'Plan', tags: 'Brand new tag', output_component_id: ['Report'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      id: created.body.id,
      name: 'Strategist',
      tags: [{ name: 'Brand new tag' }],
      output_components: [{ id: report.body.id, name: 'Report' }],
      functions: [],
    });

    const fn = await admin.post(`/api/admin/assistants/${created.body.id}/functions`, { name: 'lookup', description: 'Finds it', returns_component: 'Summary' });
    expect(fn.status, JSON.stringify(fn.body)).toBe(201);
    const updated = await admin.put(`/api/admin/assistants/${created.body.id}`, { ready_to_deploy: true });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      ready_to_deploy: true,
      functions: [{ id: fn.body.id, name: 'lookup', description: 'Finds it', returns_component: term.body.id, returns_component_name: 'Summary' }],
    });
    expect((await t.db.query('SELECT count(*)::int AS n FROM assistants')).rows[0].n).toBe(0);
  });
});
