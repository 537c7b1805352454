import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentities } from '../../services/auth/identity.ts';
import { createSession, destroySession, sessionOwners } from '../../services/auth/sessions.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { ADMIN_EMAIL } from '../support/identity.ts';
import { freePort, spawnApi, spawnWorker, waitFor, type Child } from '../support/processes.ts';

/**
 * Issue 13: signing in never depends on a read model, and each API process's cache of sessions,
 * users and roles hears of every change at once (Postgres NOTIFY), whichever process made it.
 */
let t: TestApp;
let a: Child & { url: string };
let b: Child & { url: string };
const children: Child[] = [];

beforeAll(async () => {
  t = await startApp({ workers: false, env: { NEW_ACCOUNTS_ACTIVE: '1' } });
  // No worker at first: a command's answer would wait out its whole read-model wait (5 s) for models
  // nobody builds, three times for the first sign-in. Nothing here reads a read model after a command.
  const env = { READ_MODEL_WAIT_MS: '100' };
  [a, b] = await Promise.all([spawnApi(t.config, await freePort(), 'bin/api.ts', env), spawnApi(t.config, await freePort(), 'bin/api.ts', env)]);
  children.push(a, b);
}, 300_000);

afterAll(async () => {
  await Promise.all(children.map((c) => c.kill('SIGKILL')));
  await t?.close();
});

/** The same session, through the other process. */
const via = (client: Client, url: string) => Object.assign(new Client(url), { cookie: client.cookie });
const me = async (client: Client) => (await client.get('/api/auth/me')).body as { success: boolean; reason?: string; user?: { id: string; email: string; roles: { name: string }[]; permissions: string[] } };

describe('sessions read from the log, cached per process', () => {
  it('signs a new account in and knows it on both processes while no worker has built any read model', async () => {
    const fresh = await signIn(a.url, 'fresh@example.com', 'Fresh Person');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'fresh@example.com'`)).rows[0].n).toBe(0);
    for (const client of [fresh, via(fresh, b.url)]) {
      const answer = await me(client);
      expect(answer).toMatchObject({ success: true, user: { email: 'fresh@example.com', roles: [{ name: 'member' }], permissions: [] } });
    }
    const admin = await signIn(b.url, ADMIN_EMAIL, 'Ada Admin');
    expect((await me(via(admin, a.url))).user?.permissions).toEqual(['admin']);
    expect((await via(admin, a.url).get('/api/admin/projections')).status).toBe(200);
    expect((await via(fresh, a.url).get('/api/admin/projections')).status).toBe(403);
  });

  it('refuses a disabled user, a removed permission and an ended session on every process', { timeout: 300_000 }, async () => {
    children.push(await spawnWorker(t.config));
    const admin = await signIn(a.url, ADMIN_EMAIL, 'Ada Admin');
    const member = await signIn(a.url, 'member@example.com', 'Mem Ber');
    const auditor = await signIn(a.url, 'auditor@example.com', 'Au Ditor');
    const memberId = (await me(member)).user!.id;
    const auditorId = (await me(auditor)).user!.id;
    // Warm both caches.
    for (const url of [a.url, b.url]) {
      expect((await me(via(member, url))).success).toBe(true);
      expect((await via(auditor, url).get('/api/admin/projections')).status).toBe(403);
    }

    expect((await admin.put(`/api/admin/users/${memberId}/activate`, { is_active: false })).status).toBe(200);
    expect(await me(member)).toMatchObject({ success: false, reason: 'inactive' }); // the process that made the change: at once
    await waitFor('the other process to refuse the disabled user', async () => (await me(via(member, b.url))).success === false, 5000);
    expect((await via(member, b.url).post('/api/projects', { name: 'Nope', description: '' })).status).toBe(403);

    const role = await admin.post('/api/admin/roles', { name: 'auditors' });
    const roleId = role.body.role.id as string;
    expect((await admin.post(`/api/admin/roles/${roleId}/permissions/admin.projections.view`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${auditorId}/roles/${roleId}`)).status).toBe(200);
    await waitFor('the other process to grant the new permission', async () => (await via(auditor, b.url).get('/api/admin/projections')).status === 200, 5000);
    expect((await admin.delete(`/api/admin/roles/${roleId}/permissions/admin.projections.view`)).status).toBe(200);
    await waitFor('the other process to take the permission back', async () => (await via(auditor, b.url).get('/api/admin/projections')).status === 403, 5000);

    expect((await auditor.get('/api/auth/logout')).status).toBe(302);
    await waitFor('the other process to forget the ended session', async () => (await me(via(auditor, b.url))).reason === 'unauthenticated', 5000);
  });

  it('still hears of changes after every database connection of the processes was terminated', async () => {
    const admin = await signIn(a.url, ADMIN_EMAIL, 'Ada Admin');
    const late = await signIn(a.url, 'late@example.com', 'Late Comer');
    const lateId = (await me(late)).user!.id;
    expect((await me(via(late, b.url))).success).toBe(true);
    await t.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    await waitFor('both processes to answer again', async () => {
      const answers = await Promise.all([a.url, b.url].map((url) => fetch(`${url}/api/health`).then((r) => r.status)));
      return answers.every((s) => s === 200);
    });
    expect((await me(via(late, b.url))).success).toBe(true); // cached again once the notifications are heard again
    expect((await admin.put(`/api/admin/users/${lateId}/activate`, { is_active: false })).status).toBe(200);
    await waitFor('the other process to refuse the disabled user', async () => (await me(via(late, b.url))).success === false, 5000);
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
  });

  it('reads many sessions and identities together (as the background refresh does) exactly as one at a time', async () => {
    const admin = await signIn(a.url, ADMIN_EMAIL, 'Ada Admin');
    const batch = await signIn(a.url, 'batch@example.com', 'Bat Ch');
    const ids = [(await me(admin)).user!.id, (await me(batch)).user!.id];
    const unknown = randomUUID();
    const together = await loadIdentities(t.app.store, [...ids, unknown]);
    expect([...together.keys()]).toEqual(ids);
    for (const id of ids) expect(together.get(id)).toEqual((await loadIdentities(t.app.store, [id])).get(id));
    expect(together.get(ids[0]!)?.permissions).toEqual(['admin']);
    expect(together.get(ids[1]!)?.roles.map((r) => r.name)).toEqual(['member']);

    const [live, ended] = [await createSession(t.app.pg, ids[0]!), await createSession(t.app.pg, ids[1]!)];
    await destroySession(t.app.pg, ended);
    const owners = await sessionOwners(t.app.pg, [live, ended, 'no-such-session']);
    expect([...owners.entries()]).toEqual([[live, { userId: ids[0], expiresAt: expect.any(Number) }]]);
  });
});
