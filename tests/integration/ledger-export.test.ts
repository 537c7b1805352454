import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExport } from '../../services/audit/export/verify-export.ts';
import { verifyStatement } from '../../services/audit/export/statement.ts';
import type { ExportFormat } from '../../services/audit/export/rows.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';

const run = promisify(execFile);
let t: TestApp;
let admin: Client;
let dir: string;
let publicKey: string;

beforeAll(async () => {
  t = await startApp();
  admin = await signIn(t.url, 'admin@example.com');
  dir = mkdtempSync(join(tmpdir(), 'ledger-export-'));
  publicKey = (await new Client(t.url).get('/api/audit/public-key')).body.publicKey;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

async function* linesOf(text: string) {
  for (const line of text.split('\n')) yield line;
}
const check = (text: string, format: ExportFormat, key: string | undefined = publicKey) => verifyExport(linesOf(text), format, key);

/** A member's organization with grants, lots, holds (captured, released), a refund and an expiry. */
async function mixedHistory() {
  const { client, orgId } = await memberWithOrg(t, `mixed-${Date.now()}@example.com`, 100);
  expect((await client.post('/api/usage', { credits: 7, description: 'gpt call, "quoted"', idempotencyKey: 'mixed-1' })).status).toBe(200);
  const hold = (await client.post('/api/usage/holds', { credits: 20, description: 'long job', idempotencyKey: 'mixed-hold' })).body;
  expect((await client.post(`/api/usage/holds/${hold.holdId}/capture`, { credits: 12 })).status).toBe(200);
  const hold2 = (await client.post('/api/usage/holds', { credits: 5, description: 'released', idempotencyKey: 'mixed-hold-2' })).body;
  expect((await client.post(`/api/usage/holds/${hold2.holdId}/release`, {})).status).toBe(200);
  await t.app.credits.revoke(
    { orgId, amount: 10, kind: 'refund', description: 'Refund of charge ch_3Mixed', key: 'refund:ch_3Mixed:1000' },
    { metadata: { actor: 'stripe', causation_id: 'evt_1MixedRefund', correlation_id: 'evt_1MixedRefund' } },
  );
  const expiresAt = new Date(Date.now() + 1500).toISOString();
  expect((await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: 9, description: 'promo', source: 'promo', expiresAt })).status).toBe(200);
  await waitFor(
    'the promo lot to expire',
    async () => (await t.db.query(`SELECT 1 FROM events WHERE stream_id = $1 AND type = 'CreditsExpired'`, [orgStreamId(orgId)])).rowCount,
    30_000,
  );
  return { client, orgId };
}

describe('ledger export', () => {
  let orgId: string;
  let member: Client;
  let csv: string;
  let jsonl: string;

  it('exports a mixed history as CSV (admins) and JSONL (the member), each verifying offline with the service\'s public key', async () => {
    ({ client: member, orgId } = await mixedHistory());
    const res = await admin.get(`/api/admin/export/ledger?orgId=${orgId}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="ledger-.*\.csv"/);
    csv = res.body as string;
    const types = [
      'OrganizationCreated',
      'CreditsGranted',
      'CreditsDebited',
      'HoldPlaced',
      'CreditsDebited',
      'HoldReleased',
      'HoldPlaced',
      'HoldReleased',
      'CreditsRevoked',
      'CreditsGranted',
      'CreditsExpired',
    ];
    expect(Number(res.headers.get('x-export-rows'))).toBe(types.length);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('position,time,type,amount,balance_after,lot_id,hold_id,actor,api_key_id,description,stripe_ids,stream_id,event_id,data,metadata,previous_hash,hash');
    expect(lines.slice(1, -1).map((l) => l.split(',')[2])).toEqual(types);
    expect(lines[3]).toContain(',-7,93,');
    expect(lines[3]).toContain('"gpt call, ""quoted"""');
    expect(lines[9]).toMatch(/,-10,71,.*ch_3Mixed evt_1MixedRefund/);
    expect(lines.at(-1)).toMatch(/^#signed,/);

    const offline = await check(csv, 'csv');
    expect(offline).toMatchObject({ ok: true, rows: types.length, signatureCheckedWith: 'given' });
    expect(offline.statement!.statement).toMatchObject({ orgId, position: types.length, count: types.length });

    const mine = await member.get(`/api/me/export/ledger?format=jsonl`);
    expect(mine.status).toBe(200);
    jsonl = mine.body as string;
    const rows = jsonl.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows[2]).toMatchObject({ position: 3, type: 'CreditsDebited', amount: -7, balance_after: 93, description: 'gpt call, "quoted"', actor: expect.any(String) });
    expect(rows[3]).toMatchObject({ type: 'HoldPlaced', amount: -20, balance_after: null, hold_id: expect.any(String) });
    expect(rows[10]).toMatchObject({ type: 'CreditsExpired', amount: -9, balance_after: 71, lot_id: rows[9].lot_id });
    expect(rows.at(-1)).toMatchObject({ statement: { orgId, count: 11 }, signature: expect.any(String) });
    expect(await check(jsonl, 'jsonl')).toMatchObject({ ok: true, rows: 11 });
  });

  it('npm run verify-export checks a file with no database, naming the first row that fails', async () => {
    const good = join(dir, 'ledger.csv');
    writeFileSync(good, csv);
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, publicKey);
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
    const ok = await run('npx', ['tsx', 'bin/verify-export.ts', good, '--public-key', keyFile], { env });
    expect(ok.stdout).toMatch(/^OK: 11 rows of organization/);
    const lines = csv.split('\n');
    lines[4] = lines[4].replace(',-20,', ',-21,');
    const bad = join(dir, 'tampered.csv');
    writeFileSync(bad, lines.join('\n'));
    const failed = await run('npx', ['tsx', 'bin/verify-export.ts', bad, '--public-key', keyFile], { env }).catch((err) => err);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^FAILED: line 5 \(position 4\): /);
  });

  it('catches one changed byte anywhere in any row, a removed row and a reordered row', async () => {
    for (const [text, format] of [
      [csv, 'csv'],
      [jsonl, 'jsonl'],
    ] as [string, ExportFormat][]) {
      const lines = text.split('\n');
      const first = format === 'csv' ? 1 : 0;
      const rowLines = lines.length - 2; // the statement and the empty end
      let changed = 0;
      for (let i = first; i < rowLines; i++) {
        // Every fifth byte of every row, starting at a different one in each row.
        for (let at = i % 5; at < lines[i].length; at += 5) {
          const copy = [...lines];
          const c = copy[i][at];
          copy[i] = copy[i].slice(0, at) + (c === '7' ? '8' : '7') + copy[i].slice(at + 1);
          const result = await check(copy.join('\n'), format);
          if (result.ok) throw new Error(`${format} line ${i + 1}: a changed byte at ${at} ('${c}') was not caught`);
          changed++;
        }
        const removed = lines.filter((_, j) => j !== i);
        expect((await check(removed.join('\n'), format)).ok, `${format}: row ${i + 1} removed`).toBe(false);
        if (i + 1 < rowLines) {
          const swapped = [...lines];
          [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
          const result = await check(swapped.join('\n'), format);
          expect(result.ok, `${format}: rows ${i + 1} and ${i + 2} swapped`).toBe(false);
          expect(result.failure!.line).toBe(i === first ? i + 2 : i + 1);
        }
      }
      expect(changed).toBeGreaterThan(300);
      // The statement: cut off, or signed by another key.
      expect((await check(lines.slice(0, -2).join('\n'), format)).failure!.reason).toMatch(/signed statement/);
      const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
      expect((await check(text, format, other)).failure!.reason).toMatch(/signature/);
    }
  }, 120_000);

  it('refuses ranges in the wrong order or too long (400), another organization (404), and members on the admin route (403)', async () => {
    const q = (s: string) => `/api/admin/export/ledger?orgId=${orgId}&${s}`;
    expect((await admin.get(q('from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'))).status).toBe(400);
    expect((await admin.get(q('from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z'))).status).toBe(400);
    expect((await admin.get(q('from=2000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z'))).status).toBe(400);
    expect((await admin.get(q('from=yesterday'))).status).toBe(400);
    expect((await admin.get(q('format=xml'))).status).toBe(400);
    expect((await admin.get('/api/admin/export/ledger?orgId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/export/ledger?orgId=nope')).status).toBe(404);
    const { orgId: other } = await memberWithOrg(t, `other-${Date.now()}@example.com`, 5);
    expect((await member.get(`/api/me/export/ledger?orgId=${other}`)).status).toBe(404);
    expect((await member.get(`/api/me/export/ledger?orgId=${orgId}`)).status).toBe(200);
    // Owners and billing members export their organization's ledger; a plain member may not.
    for (const [role, status] of [
      ['billing', 200],
      ['member', 403],
    ] as const) {
      const who = `${role}-${Date.now()}@example.com`;
      const invited = await member.post('/api/me/org/invitations', { email: who, role });
      expect(invited.status).toBe(201);
      const joined = await signIn(t.url, who);
      expect((await joined.post(`/api/invitations/${invited.body.token}/accept`)).status).toBe(200);
      expect((await joined.get('/api/me/export/ledger')).status, role).toBe(status);
    }
    expect((await member.get(q(''))).status).toBe(403);
    expect((await new Client(t.url).get('/api/me/export/ledger')).status).toBe(401);

    // A range: only the events recorded in it, still a chain that verifies (linked to the hash before it).
    const times = (await t.db.query(`SELECT created_at FROM events WHERE stream_id = $1 ORDER BY stream_position`, [orgStreamId(orgId)])).rows.map(
      (r) => r.created_at as Date,
    );
    const part = await admin.get(q(`from=${encodeURIComponent(times[3].toISOString())}&to=${encodeURIComponent(new Date(times[6].getTime() + 1).toISOString())}`));
    expect(part.status).toBe(200);
    const result = await check(part.body, 'csv');
    expect(result.ok).toBe(true);
    expect(result.rows).toBeGreaterThanOrEqual(3);
    expect(result.rows).toBeLessThan(11);
  });

  it('a head signed before a rewrite of history exposes it, though the rewritten chain is consistent again', async () => {
    const signed = await admin.post('/api/admin/audit/heads');
    expect(signed.status).toBe(201);
    expect(signed.body.signed).toBeGreaterThanOrEqual(1);
    const heads = async () => (await admin.get(`/api/admin/audit/heads?orgId=${orgId}`)).body;
    const before = await heads();
    expect(before.data).toHaveLength(1);
    const version = Number((await t.db.query('SELECT version FROM streams WHERE stream_id = $1', [orgStreamId(orgId)])).rows[0].version);
    expect(before.data[0]).toMatchObject({ statement: { orgId, position: version, count: version }, matches: true });
    expect(verifyStatement(before.data[0], publicKey)).toBe(true);
    expect((await member.get('/api/admin/audit/heads')).status).toBe(403);

    // A forger with the database: the debit of 7 becomes 1, and every hash after it is computed again.
    const stream = orgStreamId(orgId);
    await t.db.query(`UPDATE events SET data = jsonb_set(data, '{amount}', '1') WHERE stream_id = $1 AND stream_position = 3`, [stream]);
    await t.db.query(
      `DO $$
       DECLARE h bytea; r events;
       BEGIN
         SELECT hash INTO h FROM events WHERE stream_id = '${stream}' AND stream_position = 2;
         FOR r IN SELECT * FROM events e WHERE stream_id = '${stream}' AND stream_position >= 3 ORDER BY stream_position LOOP
           h := sha256(h || event_content(r));
           UPDATE events SET hash = h WHERE stream_id = r.stream_id AND stream_position = r.stream_position;
         END LOOP;
         UPDATE streams SET last_hash = h WHERE stream_id = '${stream}';
       END $$`,
    );
    expect((await admin.get(`/api/admin/streams/${stream}/verify`)).body).toMatchObject({ ok: true });
    const fresh = await admin.get(`/api/admin/export/ledger?orgId=${orgId}`);
    expect((await check(fresh.body, 'csv')).ok).toBe(true);
    const after = await heads();
    expect(after.data[0]).toMatchObject({ statement: before.data[0].statement, matches: false });
  });

  it('streams 60,000 rows (150 MB) with flat memory, and an export cut off mid-stream leaves no connection or transaction behind', async () => {
    const { orgId: big } = await memberWithOrg(t, `big-${Date.now()}@example.com`, 0);
    const stream = orgStreamId(big);
    // Events no read model reads, appended in batches through the event store's own function (so the chain is real).
    // Rows of about 2.5 kB: the answer is as large as 200,000 rows of 750 bytes, for a third of the per-row work.
    for (let done = 0; done < 60_000; done += 1000) {
      await t.db.query(
        `SELECT * FROM append_to_stream($1, 'org', 'any', NULL,
           array(SELECT gen_random_uuid() FROM generate_series(1, 1000)),
           array(SELECT 'AuditFiller' FROM generate_series(1, 1000)),
           array(SELECT jsonb_build_object('orgId', $2::text, 'i', $3::int + g, 'note', repeat('n', 2200), 'at', now()) FROM generate_series(1, 1000) g),
           array(SELECT '{"actor":"test"}'::jsonb FROM generate_series(1, 1000)))`,
        [stream, big, done],
      );
    }
    // What the process keeps, not the garbage it has not collected yet: measured after a full collection.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = retained();
    let peak = baseline;
    let measuredAt = 0;
    const res = await fetch(`${t.url}/api/admin/export/ledger?orgId=${big}&format=jsonl`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-export-rows'))).toBe(60_001);
    let bytes = 0;
    let newlines = 0;
    let tail = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) newlines++;
      tail = (tail + decoder.decode(chunk)).slice(-2000);
      if (bytes - measuredAt > 10_000_000) {
        measuredAt = bytes;
        peak = Math.max(peak, retained());
      }
    }
    expect(newlines).toBe(60_002);
    expect(JSON.parse(tail.trimEnd().split('\n').at(-1)!)).toMatchObject({ statement: { count: 60_001, position: 60_001 } });
    expect(bytes).toBeGreaterThan(150_000_000);
    // Holding the rows would keep more than the answer's size (150 MB) in the heap.
    expect(peak - baseline).toBeLessThan(40_000_000);

    // Cut off after the first chunk.
    const controller = new AbortController();
    const cut = await fetch(`${t.url}/api/admin/export/ledger?orgId=${big}`, { headers: { cookie: admin.cookie }, signal: controller.signal });
    const reader = cut.body!.getReader();
    await reader.read();
    controller.abort();
    await waitFor('the export to give its connection back', async () => {
      const res = await t.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%stream_position BETWEEN%' AND state <> 'idle' AND pid <> pg_backend_pid()`,
      );
      return res.rows[0].n === 0;
    });
    // Every slot of the exports is free again (a leaked one would answer 429).
    const after = await Promise.all(Array.from({ length: 4 }, () => admin.get(`/api/admin/export/ledger?orgId=${big}&to=2020-01-01T00:00:00Z`)));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  }, 300_000);
});
