import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionByName } from '../../projections/registry.ts';
import { rebuild } from '../../projections/rebuild.ts';
import { verifyStream } from '../../services/audit/verify.ts';
import { loadState } from '../../services/eventstore/command-handler.ts';
import { streamPage } from '../../services/eventstore/history.ts';
import { archiveEventPartition, ensureEventPartitions, listEventPartitions, restoreEventPartition } from '../../services/eventstore/partitions.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { dumpTables } from '../support/readmodels.ts';
import { waitFor } from '../support/processes.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';

/**
 * Issue 30: the log partitioned by month. Several months of history, one month detached into the
 * archive schema: loads, history, verification and a rebuild still see every event; attached again,
 * the log is whole.
 */
let t: TestApp;
let member: { client: Client; orgId: string };
const count = async (table: string) => Number((await t.db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

beforeAll(async () => {
  t = await startApp();
  member = await memberWithOrg(t, 'partitions@example.com', 500);
  for (let i = 0; i < 12; i++) {
    expect((await member.client.post('/api/usage', { credits: 1 + (i % 3), description: `month ${i}`, idempotencyKey: randomUUID() })).status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the log partitioned by month', () => {
  it('makes the months ahead, once, and puts each event in the partition of its time', async () => {
    expect(await ensureEventPartitions(t.db, 3)).toBe(0);
    const monthly = (await listEventPartitions(t.db)).filter((p) => /^events_\d{4}_\d{2}$/.test(p.name));
    expect(monthly.length).toBeGreaterThanOrEqual(3);
    // Several months of history: the organization's events spread over three months of the log
    // (moving a row's time moves it to that month's partition).
    const version = (await t.db.query('SELECT version FROM streams WHERE stream_id = $1', [orgStreamId(member.orgId)])).rows[0].version;
    const third = Math.ceil(Number(version) / 3);
    for (const [i, p] of monthly.slice(0, 3).entries()) {
      const start = /FROM \('([^']+)'\)/.exec(p.bounds!)![1];
      await t.db.query(
        `UPDATE events SET created_at = $1::timestamptz + stream_position * interval '1 minute'
          WHERE stream_id = $2 AND stream_position > $3 AND stream_position <= $4`,
        [start, orgStreamId(member.orgId), i * third, (i + 1) * third],
      );
    }
    const after = await listEventPartitions(t.db);
    for (const p of monthly.slice(0, 3)) expect(after.find((a) => a.name === p.name)!.events, p.name).toBeGreaterThan(0);
  });

  it('archives a month: loads, history, verification and a rebuild still see all of it; restored, the log is whole again', async () => {
    const streamId = orgStreamId(member.orgId);
    const oldest = (await listEventPartitions(t.db)).find((p) => /^events_\d{4}_\d{2}$/.test(p.name) && p.events > 0)!;
    await waitFor('the read models to catch up', () => projectionsCaughtUp(t.db));
    const ledger = projectionByName('ledger')!;
    const before = { log: await count('events'), all: await count('event_log'), state: await loadState(t.app.store, orgDecider, streamId), tables: await dumpTables(t.db, ledger) };

    await archiveEventPartition(t.db, oldest.name);
    expect(await count('events')).toBe(before.log - oldest.events);
    expect(await count('event_log')).toBe(before.all);
    expect((await listEventPartitions(t.db)).find((p) => p.name === oldest.name)).toMatchObject({ archived: true, events: oldest.events });

    // A load that cannot lean on a snapshot reads the archived month too.
    await t.db.query('UPDATE streams SET snapshot = NULL, snapshot_version = NULL WHERE stream_id = $1', [streamId]);
    const state = await loadState(new EventStore(t.db), orgDecider, streamId);
    expect(state.balance).toBe(before.state.balance);
    const page = await streamPage(t.db, streamId, { offset: 0, limit: 1000, descending: false });
    expect(page!.events.map((e) => e.streamPosition)).toEqual(Array.from({ length: page!.version }, (_, i) => i + 1));
    expect(await verifyStream(t.db, streamId)).toMatchObject({ ok: true, checked: page!.version });
    await rebuild(t.db, t.app.store, ledger);
    expect(await dumpTables(t.db, ledger)).toEqual(before.tables);
    // The product goes on appending while a month is archived.
    expect((await member.client.post('/api/usage', { credits: 1, description: 'after archiving', idempotencyKey: randomUUID() })).status).toBe(200);

    await restoreEventPartition(t.db, oldest.name);
    expect(await count('events')).toBe(before.log + 1);
    expect(await count('event_log')).toBe(before.all + 1);
    expect(await verifyStream(t.db, streamId)).toMatchObject({ ok: true, checked: page!.version + 1 });
  });

  it('restores the partition of the month being written after appends went on without it: they move back into it', async () => {
    const streamId = orgStreamId(member.orgId);
    const lastPartition = async () =>
      String((await t.db.query('SELECT tableoid::regclass::text AS p FROM events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1', [streamId])).rows[0].p);
    const spend = async (description: string) => expect((await member.client.post('/api/usage', { credits: 1, description, idempotencyKey: randomUUID() })).status).toBe(200);
    await spend('this month');
    // This month's own partition, or the one from before partitioning when that still covers this month.
    const current = await lastPartition();
    expect(current).toMatch(/^events_(upto_)?\d{4}_\d{2}$/);
    const before = await count('events');

    await archiveEventPartition(t.db, current);
    await spend('while this month is archived');
    expect(await lastPartition()).toBe('events_default');

    await restoreEventPartition(t.db, current);
    expect(await lastPartition()).toBe(current);
    expect(Number((await t.db.query('SELECT count(*) AS n FROM events_default WHERE stream_id = $1', [streamId])).rows[0].n)).toBe(0);
    expect(await count('events')).toBe(before + 1);
    const version = Number((await t.db.query('SELECT version FROM streams WHERE stream_id = $1', [streamId])).rows[0].version);
    expect(await verifyStream(t.db, streamId)).toMatchObject({ ok: true, checked: version });
  });

  it('refuses to archive what is not a partition of the log, and to restore what is not archived', async () => {
    await expect(archiveEventPartition(t.db, 'events_default')).rejects.toThrow(/no partition/);
    await expect(archiveEventPartition(t.db, 'streams')).rejects.toThrow(/no partition/);
    await expect(restoreEventPartition(t.db, 'events_1999_01')).rejects.toThrow(/no archived partition/);
  });
});
