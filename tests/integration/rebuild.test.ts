import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../../projections/registry.ts';
import { rebuildMany } from '../../projections/rebuild.ts';
import type { Projection } from '../../projections/types.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { startApp, deleteRedisPrefix, type TestApp } from '../support/app.ts';
import { appendLedger } from '../support/events.ts';
import { signIn, type Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { dumpTables } from '../support/readmodels.ts';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await signIn(t.url, 'admin@example.com');
});
afterAll(async () => t?.close());

type Status = { name: string; version: number; status: string; lag: number; progress: number; lastError: string | null };
const statuses = async () => (await admin.get<Status[]>('/api/admin/projections')).body;
const allCaughtUp = async () => (await statuses()).every((s) => s.lag === 0 && s.status === 'live');

describe('rebuilding read models from the log', () => {
  it('gives, for every projection, exactly the rows the live projector built', async () => {
    // A log of several thousand mixed events: accounts, roles, organizations, credits and their lots,
    // holds captured and released, refunds, projects, metered usage (batches of usage events, and a
    // board call's capture that names its tokens).
    const card = await admin.post('/api/admin/rate-cards', { entries: [{ meter: 'api.call', unit: 'call', description: 'A call', creditsPerUnit: 0.5 }] });
    expect(card.status).toBe(201);
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => memberWithOrg(t, `mixed${i}@example.com`, 500)));
    await Promise.all(
      members.map(async ({ client, orgId, userId }, i) => {
        const usage = await client.post('/api/usage/events', { events: [1, 2, 3].map((n) => ({ id: `mixed-${i}-${n}`, meter: 'api.call', quantity: n })) });
        expect(usage.status, JSON.stringify(usage.body)).toBe(200);
        const metadata = { actor: 'test' };
        const boardHold = await t.app.credits.hold({ orgId, userId, credits: 5, description: 'Board call', idempotencyKey: `mixed-board-${i}`, metadata });
        const metered = [
          { meter: 'llm.default.input_tokens', quantity: 1200 + i, credits: String((1200 + i) / 1000), projectId: null },
          { meter: 'llm.default.output_tokens', quantity: 300, credits: '0.9', projectId: null },
        ];
        await t.app.credits.capture({ orgId, holdId: boardHold.holdId, userId, credits: 3, description: 'Board call', metered, metadata });
        for (let j = 0; j < 15; j++) {
          await client.post('/api/usage', { credits: 1 + (j % 4), description: `work ${j}`, idempotencyKey: `mixed-${i}-${j}` });
          if (j % 5 === 0) await client.post('/api/projects', { name: `Project ${i}-${j}`, description: 'Grow' });
          if (j % 5 === 1) {
            const hold = (await client.post('/api/usage/holds', { credits: 6, description: `job ${j}`, idempotencyKey: `mixed-hold-${i}-${j}` })).body as { holdId: string };
            const end = j % 2 === 0 ? await client.post(`/api/usage/holds/${hold.holdId}/capture`, { credits: 4 }) : await client.post(`/api/usage/holds/${hold.holdId}/release`, {});
            expect(end.status).toBe(200);
          }
        }
        await t.app.credits.grant({ orgId, amount: 40, kind: 'purchase', source: 'purchase', description: 'top-up', key: `mixed-topup-${i}` }, { metadata: { actor: 'test' } });
        expect(await t.app.credits.revoke({ orgId, amount: 25, kind: 'refund', description: 'Refund', key: `mixed-refund-${i}`, lotKey: `mixed-topup-${i}` }, { metadata: { actor: 'test' } })).not.toBeNull();
      }),
    );
    const kinds = await t.db.query(
      `SELECT DISTINCT CASE WHEN data ? 'metered' THEN type || ' (metered)' ELSE type END AS type FROM events
        WHERE type IN ('HoldPlaced', 'HoldReleased', 'CreditsRevoked', 'UsageRecorded') OR data ? 'metered' ORDER BY 1`,
    );
    expect(kinds.rows.map((r) => r.type)).toEqual(['CreditsDebited (metered)', 'CreditsRevoked', 'HoldPlaced', 'HoldReleased', 'UsageRecorded']);
    await appendLedger(t.app.store, 3000);
    await waitFor('live projections to catch up', allCaughtUp);
    // The metered usage compared below is not empty: each organization's usage events and its board call's tokens.
    const meters = await t.db.query(`SELECT meter, count(DISTINCT org_id)::int AS orgs FROM metered_usage WHERE org_id = ANY($1) GROUP BY meter ORDER BY meter`, [members.map((m) => m.orgId)]);
    expect(meters.rows).toEqual(['api.call', 'llm.default.input_tokens', 'llm.default.output_tokens'].map((meter) => ({ meter, orgs: 6 })));

    const versionsBefore = new Map((await statuses()).map((s) => [s.name, s.version]));
    // A table an earlier version of the ledger had (`retired`), as a database from before would hold it:
    // switching to the rebuilt version drops its view and the old version's table.
    const retired = `usage_records_v${versionsBefore.get('ledger')}`;
    await t.db.query(`CREATE TABLE ${retired} (id uuid); CREATE VIEW usage_records AS SELECT * FROM ${retired}`);
    // Every read model rebuilt at once, as the bench does (rebuildMany: side by side, one read of the log per batch for several).
    // The product keeps running (sweeps expire holds and lots): a comparison during which an event
    // a read model handles was appended is made again, once the live one has it too.
    let pending = [...projections];
    for (let attempt = 1; pending.length > 0; attempt++) {
      const head = await t.app.store.head();
      await waitFor('live projections to catch up', allCaughtUp);
      const live = await Promise.all(pending.map((projection) => dumpTables(t.db, projection)));
      await rebuildMany(t.db, t.app.store, pending);
      const rebuilt = await Promise.all(pending.map((projection) => dumpTables(t.db, projection)));
      const again: Projection[] = [];
      for (const [i, projection] of pending.entries()) {
        if (attempt < 5 && (await t.app.store.hasEventsAfter(head, projection.handles))) again.push(projection);
        else expect(rebuilt[i], projection.name).toEqual(live[i]);
      }
      pending = again;
    }
    for (const s of await statuses()) expect(s.version, s.name).toBeGreaterThan(versionsBefore.get(s.name)!);
    // The indexes a rebuild makes after its load (a projection's `indexes`) are there once it is switched to.
    const indexed = await t.db.query(
      `SELECT i.indexname FROM projections p JOIN pg_indexes i ON i.tablename = 'credit_transactions_v' || p.active_version
        WHERE p.name = 'ledger' AND i.indexname NOT LIKE '%pkey' ORDER BY 1`,
    );
    expect(indexed.rows.map((r) => r.indexname.replace(/^credit_transactions_v\d+_/, ''))).toEqual(['org_id_position_idx', 'usage_idx']);
    // The retired table's view and table are gone.
    const gone = await t.db.query(`SELECT to_regclass('usage_records') AS view, to_regclass($1) AS tbl`, [retired]);
    expect(gone.rows[0]).toEqual({ view: null, tbl: null });
    // And the tables it filled have their column statistics (only ANALYZE writes them).
    const analyzed = await t.db.query(
      `SELECT count(*)::int AS n FROM projections p JOIN pg_stats s ON s.tablename = 'credit_transactions_v' || p.active_version WHERE p.name = 'ledger' AND s.attname = 'org_id'`,
    );
    expect(analyzed.rows[0].n).toBe(1);
  });

  it('runs a rebuild asked for twice at once only once, and swaps it in', async () => {
    const before = (await statuses()).find((s) => s.name === 'ledger')!;
    const answers = await Promise.all([admin.post('/api/admin/projections/ledger/rebuild'), admin.post('/api/admin/projections/ledger/rebuild')]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    const after = await waitFor('the rebuild to finish', async () => {
      const s = (await statuses()).find((x) => x.name === 'ledger')!;
      return s.version > before.version && s.status === 'live' ? s : null;
    });
    expect(after.version).toBe(before.version + 1);
    const versions = await t.db.query(`SELECT version FROM projection_checkpoints WHERE name = 'ledger'`);
    expect(versions.rows.map((r) => r.version)).toEqual([before.version + 1]);
    expect((await admin.post('/api/admin/projections/nope/rebuild')).status).toBe(404);
  });

  it('stops a projection that throws on an event, shows the error, and keeps the others going', async () => {
    // An event the projects read model cannot store (no organization), appended behind the API's back.
    await t.app.store.append(`project-${randomUUID()}`, [{ type: 'ProjectCreated', data: { projectId: randomUUID(), name: 'Broken' } }], {
      expected: 'no_stream',
    });
    const failed = await waitFor('the projects projection to fail', async () => {
      const s = (await statuses()).find((x) => x.name === 'projects')!;
      return s.status === 'failed' ? s : null;
    });
    expect(failed.lastError).toMatch(/org_id/);
    const { orgId } = await memberWithOrg(t, 'after-failure@example.com', 5);
    const orgs = await t.db.query('SELECT id FROM orgs WHERE id = $1', [orgId]);
    expect(orgs.rowCount).toBe(1);
    expect((await statuses()).find((x) => x.name === 'orgs')!.status).toBe('live');
  });
});

describe('when Redis loses every job', () => {
  it('loses no event: the projections catch up once Redis is back', async () => {
    const { client, orgId } = await memberWithOrg(t, 'flush@example.com', 100);
    const writes = (async () => {
      for (let i = 0; i < 20; i++) {
        await client.post('/api/usage', { credits: 1, description: 'during flush', idempotencyKey: `flush-${i}` });
        if (i === 5) await deleteRedisPrefix(t.config.REDIS_PREFIX);
      }
    })();
    await writes;
    await deleteRedisPrefix(t.config.REDIS_PREFIX);
    // Appended by a store with no wake-ups at all: only the safety-net job can bring it in.
    await new EventStore(t.db).append(`org-${orgId}`, [{ type: 'OrganizationRenamed', data: { orgId, name: 'Renamed after flush', at: new Date().toISOString() } }], {
      expected: 'any',
    });
    await waitFor('the read models to show every debit', async () => {
      const usage = await t.db.query(`SELECT count(*)::int AS n FROM credit_transactions WHERE org_id = $1 AND type = 'usage'`, [orgId]);
      const org = await t.db.query('SELECT name, credit_balance FROM orgs WHERE id = $1', [orgId]);
      return usage.rows[0].n === 20 && org.rows[0].name === 'Renamed after flush' && Number(org.rows[0].credit_balance) === 80;
    });
  });
});
