import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import { projections } from '../../projections/registry.ts';
import { rebuild } from '../../projections/rebuild.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { appendLedger } from '../support/events.ts';
import { Client, signIn } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { freePort, spawnApi, spawnWorker, waitFor, type Child } from '../support/processes.ts';
import { dumpTables } from '../support/readmodels.ts';


let t: TestApp;
const children: Child[] = [];
beforeAll(async () => {
  t = await startApp({ workers: false });
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill('SIGKILL')));
  await t?.close();
});

const caughtUp = () => projectionsCaughtUp(t.db);

describe('two API processes and two workers on one Postgres and Redis', () => {
  it('end with every read model equal to a fresh rebuild from the log', { timeout: 300_000 }, async () => {
    const workers = await Promise.all([spawnWorker(t.config), spawnWorker(t.config)]);
    children.push(...workers);
    const apis = await Promise.all([spawnApi(t.config, await freePort()), spawnApi(t.config, await freePort())]);
    children.push(...apis);

    const members = await Promise.all([0, 1, 2, 3].map((i) => memberWithOrg(t, `scale${i}@example.com`, 60)));
    await Promise.all(
      members.map(async ({ client }, i) => {
        for (let j = 0; j < 12; j++) {
          // Alternate the API process each call goes through; the session works on both.
          const through = new Client(apis[(i + j) % 2].url);
          through.cookie = client.cookie;
          await through.post('/api/usage', { credits: 2, description: `call ${j}`, idempotencyKey: `scale-${i}-${j}` });
          if (j % 4 === 0) expect((await through.post('/api/projects', { name: `P${i}-${j}`, description: '' })).status).toBe(201);
        }
      }),
    );
    // Both APIs see the same balance.
    for (const api of apis) {
      const c = new Client(api.url);
      c.cookie = members[0].client.cookie;
      expect((await c.post('/api/usage', { credits: 1, description: 'last', idempotencyKey: `last-${api.url}` })).status).toBe(200);
    }
    await waitFor('both workers to catch every projection up', caughtUp);

    for (const projection of projections) {
      const live = await dumpTables(t.db, projection);
      await rebuild(t.db, t.app.store, projection);
      expect(await dumpTables(t.db, projection), projection.name).toEqual(live);
    }
    const usage = await t.db.query(`SELECT count(*)::int AS n FROM credit_transactions WHERE type = 'usage'`);
    expect(usage.rows[0].n).toBe(4 * 12 + 2);
    await Promise.all([...apis, ...workers].map((c) => c.kill('SIGTERM')));
  });

  it('survives a worker killed with SIGKILL during a rebuild: the live model keeps serving, the rebuild resumes', { timeout: 300_000 }, async () => {
    await appendLedger(t.app.store, 20_000, 500);
    const env = { WORKER_LOCK_MS: '1500' };
    const first = await spawnWorker(t.config, env);
    children.push(first);
    await waitFor('the live projections to catch up', caughtUp, 60_000);
    const before = await dumpTables(t.db, ledgerProjection);
    const liveVersion = (await t.db.query(`SELECT active_version FROM projections WHERE name = 'ledger'`)).rows[0].active_version;

    const admin = await signIn(t.url, 'admin@example.com');
    expect((await admin.post('/api/admin/projections/ledger/rebuild')).status).toBe(202);
    await waitFor('the rebuild to be under way', async () => {
      const res = await t.db.query(`SELECT last_pos FROM projection_checkpoints WHERE name = 'ledger' AND status = 'rebuilding'`);
      return Number(res.rows[0]?.last_pos ?? 0) > 0;
    });
    await first.kill('SIGKILL');

    // The live read model is untouched and whole.
    expect((await t.db.query(`SELECT active_version FROM projections WHERE name = 'ledger'`)).rows[0].active_version).toBe(liveVersion);
    expect(await dumpTables(t.db, ledgerProjection)).toEqual(before);

    const second = await spawnWorker(t.config, env);
    children.push(second);
    await waitFor(
      'the rebuild to resume and swap in',
      async () => {
        const res = await t.db.query(`SELECT active_version FROM projections WHERE name = 'ledger'`);
        const building = await t.db.query(`SELECT 1 FROM projection_checkpoints WHERE name = 'ledger' AND status = 'rebuilding'`);
        return res.rows[0].active_version > liveVersion && building.rowCount === 0;
      },
      60_000,
    );
    expect(await dumpTables(t.db, ledgerProjection)).toEqual(before);
    await second.kill('SIGTERM');
  });
});
