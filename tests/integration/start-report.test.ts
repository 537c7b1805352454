import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../bin/demo-data.ts';
import { prepareDatabase, startupReport } from '../../bin/prepare-database.ts';
import { startApp, testConfig, type TestApp } from '../support/app.ts';
import { signIn } from '../support/http.ts';
import { databaseUrl, dropDatabase } from '../support/db.ts';

/** Issue 23 item 20: `npm start` says what it did to the database: created, migrated (which migrations), seeded. */
const name = `ab_test_start_${randomBytes(4).toString('hex')}`;
const config = testConfig(databaseUrl(name));
let t: TestApp | undefined;

afterAll(async () => {
  await t?.close();
  await dropDatabase(name);
});

describe('the start-up report', () => {
  it('on a fresh database: created, every migration by name, the read models, the demo data; on the next start: nothing to do', async () => {
    const first = await prepareDatabase(config);
    expect(first.created).toBe(true);
    expect(first.migrations.length).toBeGreaterThan(1);
    expect(first.readModels.length).toBeGreaterThan(1);
    t = await startApp({ databaseUrl: config.DATABASE_URL, env: { ADMIN_EMAILS: 'admin@example.com' } });
    const seeded = await seedDemo(t.app);
    const report = startupReport(first, seeded);
    expect(report[0]).toBe(`Database "${name}": created`);
    expect(report[1]).toBe(`Migrations: applied ${first.migrations.length}: ${first.migrations.join(', ')}`);
    expect(report[1]).toContain(first.migrations[0]);
    expect(report[2]).toBe(`Read models: created the tables of ${first.readModels.length}`);
    expect(report[3]).toMatch(/^Demo data: seeded the admin admin@example\.com; the organization Demo Ventures with 250 credits; \d+ plans; the demo advisors and their components; a first rate card \(model tokens at the board's default price, api\.call\)$/);
    expect(report).toHaveLength(4);

    const again = await prepareDatabase(config);
    expect(again).toEqual({ database: name, created: false, migrations: [], readModels: [] });
    expect(startupReport(again, await seedDemo(t.app))).toEqual([
      `Database "${name}": already there`,
      'Migrations: none to apply (up to date)',
      'Demo data: already there, nothing added',
    ]);
    expect(startupReport(again, null).at(-1)).toBe('Demo data: none (production)');

    // The demo's rate card prices usage stamped as far back as usage may be sent (35 days), not only from the start.
    const admin = await signIn(t.url, 'admin@example.com');
    const stamped = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const quote = await admin.post('/api/usage/quote', { events: [{ id: 'late', meter: 'api.call', quantity: 2, timestamp: stamped(34) }, { id: 'now', meter: 'api.call', quantity: 2 }] });
    expect(quote.status).toBe(200);
    expect(quote.body.results).toEqual([
      { id: 'late', status: 'accepted', credits: 1 },
      { id: 'now', status: 'accepted', credits: 1 },
    ]);
  }, 120_000);
});
