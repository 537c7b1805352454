import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../services/platform/errors.ts';
import { runTransaction } from '../../services/eventstore/transaction.ts';
import { keepAnActiveAdmin, LAST_ADMIN_MESSAGE } from '../../services/users/admin-guard.ts';
import { userDecider } from '../../services/users/decider.ts';
import { userStreamId } from '../../services/users/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { activeMember, ADMIN_EMAIL, signInAdmin, userIdOf } from '../support/identity.ts';
import { waitFor } from '../support/processes.ts';

let t: TestApp;
let admin: Client;
let adminId: string;
let adminRole: string;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
  adminId = await userIdOf(admin, ADMIN_EMAIL);
  adminRole = ((await admin.get('/api/admin/roles')).body.roles as { id: string; name: string }[]).find((r) => r.name === 'admin')!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const userEvents = async (userId: string) =>
  (await t.db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [userStreamId(userId)])).rows[0].n as number;

/** Active holders of the admin role, from the users' streams (the truth, whatever the read model shows). */
async function activeAdmins(): Promise<string[]> {
  const ids = (await t.db.query('SELECT id::text FROM users')).rows.map((r) => r.id as string);
  const out: string[] = [];
  for (const id of ids) {
    const loaded = await t.app.store.load(userStreamId(id));
    const state = loaded.events.reduce((s, e) => userDecider.evolve(s, e as never), userDecider.initialState());
    if (state.active && state.roles.includes(adminRole)) out.push(id);
  }
  return out.sort();
}

/** An active member given the admin role by the admin. */
async function secondAdmin(): Promise<{ client: Client; id: string }> {
  const member = await activeMember(t.url, admin, `admin-${randomUUID().slice(0, 8)}@example.com`);
  expect((await admin.post(`/api/admin/users/${member.id}/roles/${adminRole}`)).status).toBe(200);
  return member;
}

describe('at least one active admin remains', () => {
  it('refuses to remove the admin role from its only active holder: 409 with a message, nothing appended', async () => {
    expect(await activeAdmins()).toEqual([adminId]);
    const before = await userEvents(adminId);
    const res = await admin.delete(`/api/admin/users/${adminId}/roles/${adminRole}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(LAST_ADMIN_MESSAGE);
    expect(await userEvents(adminId)).toBe(before);
    expect((await admin.get('/api/admin/orgs')).status).toBe(200);
  });

  it('refuses to disable the only active admin, even for a user manager who is not an admin', async () => {
    const role = await admin.post('/api/admin/roles', { name: `user-managers-${randomUUID().slice(0, 6)}` });
    expect((await admin.post(`/api/admin/roles/${role.body.role.id}/permissions/admin.users.edit`)).status).toBe(200);
    const manager = await activeMember(t.url, admin, `manager-${randomUUID().slice(0, 8)}@example.com`);
    expect((await admin.post(`/api/admin/users/${manager.id}/roles/${role.body.role.id}`)).status).toBe(200);

    const before = await userEvents(adminId);
    const res = await manager.client.put(`/api/admin/users/${adminId}/activate`, { is_active: false });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(LAST_ADMIN_MESSAGE);
    expect(await userEvents(adminId)).toBe(before);
    expect(await activeAdmins()).toEqual([adminId]);
  });

  it('lets an admin go once another is active: removing the role or disabling the other admin works', async () => {
    const other = await secondAdmin();
    expect((await admin.delete(`/api/admin/users/${other.id}/roles/${adminRole}`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${other.id}/roles/${adminRole}`)).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${other.id}/activate`, { is_active: false })).body).toEqual({ success: true, is_active: false });
    expect(await activeAdmins()).toEqual([adminId]);
    // Removing another role, or disabling a user who is not an admin, is not guarded.
    const member = await activeMember(t.url, admin, `plain-${randomUUID().slice(0, 8)}@example.com`);
    expect((await admin.put(`/api/admin/users/${member.id}/activate`, { is_active: false })).status).toBe(200);
  });

  it('two admins removing each other\'s admin role at once: never both, one active admin remains', async () => {
    const other = await secondAdmin();
    const [a, b] = await Promise.all([
      admin.delete(`/api/admin/users/${other.id}/roles/${adminRole}`),
      other.client.delete(`/api/admin/users/${adminId}/roles/${adminRole}`),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser is refused by the guard (409) or, when the winner took its role first, by the permission check (403).
    expect([403, 409]).toContain(statuses[1]);
    expect(await activeAdmins()).toHaveLength(1);
    // Put the admin back for the next test when the other admin won.
    const [remaining] = await activeAdmins();
    if (remaining !== adminId) {
      const winner = remaining === other.id ? other.client : admin;
      expect((await winner.post(`/api/admin/users/${adminId}/roles/${adminRole}`)).status).toBe(200);
    }
  });

  it('a second removal waits for the first to commit, then sees it and is refused', async () => {
    const other = await secondAdmin();
    const remove = (userId: string, hooks: { guarded?: () => void; gate?: Promise<void> } = {}) =>
      runTransaction(
        t.app.pg,
        t.app.store,
        async (tx) => {
          await keepAnActiveAdmin(t.app.store, tx, userId, adminRole);
          hooks.guarded?.();
          const command = { type: 'RemoveRole' as const, data: { userId, roleId: adminRole, at: new Date().toISOString() } };
          const outcome = await tx.run(userDecider, userStreamId(userId), command, { metadata: { actor: 'test' } });
          await hooks.gate;
          return outcome;
        },
        1,
      );

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const guarded = new Promise<void>((resolve) => {
      // The first passes the guard (another admin is active) and holds its lock until it commits.
      void remove(other.id, { guarded: resolve, gate }).then((first) => expect(first.value.events).toHaveLength(1));
    });
    await guarded;
    const second = remove(adminId).then(
      () => 'removed',
      (err: unknown) => err,
    );
    await waitUntilQueuedOnGuard();
    open();
    const refused = await second;
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).message).toBe(LAST_ADMIN_MESSAGE);
    expect(await activeAdmins()).toEqual([adminId]);
  });
});

const poll = (sql: string) => waitFor(sql, async () => (await t.db.query(sql)).rows[0].n > 0);

/** A session waits for the guard's row lock: the second transaction is queued behind the first. */
const waitUntilQueuedOnGuard = () =>
  poll(`SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM reservations%FOR UPDATE%'`);
