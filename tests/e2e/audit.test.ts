import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { appendLedger } from '../support/events';
import { signIn, type Client } from '../support/http';
import { createOrgFor, memberWithOrg } from '../support/orgs';
import { clockPast, waitFor } from '../support/processes';
import { readFileSync } from 'node:fs';
import { verifyExport } from '../../services/audit/export/verify-export.ts';
import { adminLockKey } from '../../projections/rebuild.ts';

let t: TestApp;
let browser: Browser;
let tab: TestPage;
let admin: Client;
let member: { userId: string; orgId: string; orgName: string };
let bulkOrgId: string;
/** A moment after the grant and before the first debit, to the second, as a datetime-local value. */
let betweenGrantAndDebits: string;

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** [type, balance after (or null)] of every timeline entry on the page, top to bottom. */
const timeline = (page: Page) =>
  page.getByTestId('history-event').evaluateAll((entries) =>
    entries.map((e) => [e.querySelector('.timeline__type')?.textContent, e.querySelector('[data-testid="balance-after"] strong')?.textContent ?? null]),
  );

beforeAll(async () => {
  [t, browser] = await Promise.all([startApp(), workerBrowser()]);
  const owner = await memberWithOrg(t, 'ledger-owner@example.com', 40);
  const between = new Date(Math.ceil((Date.now() + 1100) / 1000) * 1000);
  await clockPast(between.getTime() + 100);
  betweenGrantAndDebits = localInput(between);
  for (const [i, credits] of [7, 5].entries()) {
    const res = await owner.client.post('/api/usage', { credits, description: `Board session ${i + 1}`, idempotencyKey: `e2e-${i}` });
    expect(res.status).toBe(200);
  }
  const orgName = (await t.db.query('SELECT name FROM orgs WHERE id = $1', [owner.orgId])).rows[0].name as string;
  member = { userId: owner.userId, orgId: owner.orgId, orgName };

  // The admin needs an organization of their own, or the app sends them to /profile.
  admin = await signIn(t.url, 'admin@example.com', 'Ada Admin');
  const adminId = (await t.db.query(`SELECT id FROM users WHERE email = 'admin@example.com'`)).rows[0].id as string;
  await createOrgFor(t, adminId, 'Admin Org');

  tab = await newPage(browser, t.url);
  await recordToasts(tab);
  const [name, value] = admin.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: t.url }]);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await t?.close();
});

describe('an admin audits an organization', { timeout: 60_000 }, () => {
  it('opens its history from the organizations table and sees grants and debits with the balance after each', async () => {
    const { page } = tab;
    await page.goto('/admin/orgs');
    await page.getByRole('row').filter({ hasText: member.orgName }).getByRole('link', { name: `History of ${member.orgName}` }).click();
    await page.waitForURL((url) => url.pathname === `/admin/history/org-${member.orgId}`);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await page.getByTestId('history-event').first().waitFor();

    expect(await timeline(page)).toEqual([
      ['CreditsDebited', '28'],
      ['CreditsDebited', '33'],
      ['CreditsGranted', '40'],
      ['OrganizationCreated', null],
    ]);
    const newest = page.getByTestId('history-event').first();
    await newest.getByText('Balance after: 28').waitFor();
    // The actor by name, the id on hover.
    const actor = newest.locator(`a[title*="${member.userId}"]`);
    await expect(actor.count()).resolves.toBe(1);
    await expect(actor.textContent()).resolves.not.toContain(member.userId);
    await page.locator('.history__stream strong', { hasText: member.orgName }).waitFor();
    await expect(newest.locator('pre').first().textContent()).resolves.toContain('"description": "Board session 2"');
    await expect(newest.locator('dd code').first().textContent()).resolves.toMatch(/\S/);
    await page.getByText('Page 1 of 1').waitFor();

    await page.getByRole('button', { name: 'Oldest first' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="history-event"] .timeline__type')?.textContent === 'OrganizationCreated');
    expect((await timeline(page)).map(([type]) => type)).toEqual(['OrganizationCreated', 'CreditsGranted', 'CreditsDebited', 'CreditsDebited']);
  });

  it('shows the current balance and the balance as of a past moment, both from the log', async () => {
    const { page } = tab;
    await expect(page.getByTestId('current-balance').textContent()).resolves.toBe('28');
    await page.getByLabel('Balance as of').fill(betweenGrantAndDebits);
    await page.getByTestId('balance-as-of').getByText('40', { exact: true }).waitFor();
    await page.getByLabel('Balance as of').fill('2000-01-01T00:00:00');
    await page.getByTestId('balance-as-of').getByText('0', { exact: true }).waitFor();
  });

  it('exports the ledger from the history page, with progress: a CSV that verifies offline with the published key', async () => {
    const { page } = tab;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export ledger' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^ledger-${member.orgId}-.*\\.csv$`));
    const text = readFileSync((await download.path())!, 'utf8');
    const key = (await admin.get('/api/audit/public-key')).body.publicKey as string;
    async function* lines() {
      yield* text.split('\n');
    }
    expect(await verifyExport(lines(), 'csv', key)).toMatchObject({ ok: true, rows: 4, signatureCheckedWith: 'given' });
    await page.getByRole('button', { name: 'Export ledger' }).waitFor();
  });

  it('verifies the chain of the stream, and finds an event edited behind the product\'s back', async () => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await page.getByText('Intact: all 4 events match their hashes.').waitFor();

    await t.db.query(
      `UPDATE events SET data = jsonb_set(data, '{amount}', '70') WHERE stream_id = $1 AND stream_position = 3`,
      [`org-${member.orgId}`],
    );
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await page.getByText('Tampered: event #3 does not match its hash (4 events checked).').waitFor();
  });

  it('the drift check on /admin/projections finds the read models that no longer match the edited log, and offers their rebuild', async () => {
    const { page } = tab;
    await page.goto('/admin/projections');
    await page.getByRole('button', { name: 'Check against the log' }).click();
    await page.getByTestId('drift-ledger').getByText(/rows? differs? from the log/).waitFor({ timeout: 60_000 });
    await page.getByTestId('drift-users').getByText('matches the log').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: /^ledger: \d+ rows? differs?$/ }).waitFor();
    await page.getByRole('cell', { name: '{"amount":-7}' }).waitFor();
    await page.getByRole('cell', { name: '{"amount":-70}' }).waitFor();
    await page.getByRole('button', { name: 'Rebuild ledger from the log' }).click();
    await page.getByRole('heading', { name: 'Rebuild ledger?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('opens a user\'s history from the users table', async () => {
    const { page } = tab;
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'History of ledger-owner@example.com' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/history/user-${member.userId}`);
    const types = await waitFor('the user timeline', async () => {
      const rows = await timeline(page);
      return rows.length ? rows.map(([type]) => type) : null;
    });
    expect(types.at(-1)).toBe('UserRegistered');
    expect(types).toContain('UserJoinedOrganization');
    await expect(page.getByTestId('current-balance').count()).resolves.toBe(0);
  });
});

describe('a history that cannot be loaded', { timeout: 60_000 }, () => {
  it('says so in a toast and on the page', async () => {
    const other = await newPage(browser, t.url);
    try {
      await recordToasts(other);
      const [name, value] = admin.cookie.split('=');
      await other.context.addCookies([{ name, value, url: t.url }]);
      await other.page.goto('/admin/history/org-00000000-0000-4000-8000-000000000000');
      await toasted(other.page, 'Failed to load history');
      await other.page.getByText('This stream has no events.').waitFor();
    } finally {
      await other.close();
    }
  });
});

describe('an admin rebuilds a read model', { timeout: 360_000 }, () => {
  type Status = { name: string; version: number; status: string; lag: number };
  const ledger = async () => (await admin.get<Status[]>('/api/admin/projections')).body.find((s) => s.name === 'ledger')!;

  /**
   * Holds one of the rebuild's advisory locks (named as in projections/projector.ts and rebuild.ts) until
   * released, so that the page is seen at known points of the rebuild whatever the machine's speed.
   */
  const held = new Set<() => Promise<void>>();
  /** Holds a lock from another connection: an advisory lock's key, or a read model version's batch lock. */
  async function hold(lock: string | { name: string; version: number }) {
    const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
    client.on('error', () => {});
    await client.connect();
    await client.query('SET idle_in_transaction_session_timeout = 0');
    await client.query('BEGIN');
    if (typeof lock === 'string') await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    else await client.query('SELECT projection_batch_lock($1, $2)', [lock.name, lock.version]);
    const release = async () => {
      if (!held.delete(release)) return;
      await client.query('COMMIT').finally(() => client.end());
    };
    held.add(release);
    return release;
  }
  afterAll(async () => {
    for (const release of [...held]) await release();
  });

  it('starts a rebuild on /admin/projections and watches the progress bar reach the end', async () => {
    // 6,000 events (600 history pages, six batches of the rebuild): every grant is a lot of its own, and one
    // organization with thousands of open lots costs the lots read model more per event as it grows.
    bulkOrgId = await appendLedger(t.app.store, 6_000, 500);
    await waitFor('the ledger to catch up', async () => (await ledger()).lag === 0, 180_000);
    const before = await ledger();
    const next = before.version + 1;

    const { page } = tab;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Projections' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/projections');
    const row = page.getByTestId('projection-ledger');
    await expect(row.getByTestId('version').textContent()).resolves.toBe(String(before.version));
    await row.getByText('Live', { exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Queue dashboard' }).getAttribute('href')).resolves.toBe('/admin/queues');

    // Every value the ledger's progress bar shows, in order.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __progress: number[] }).__progress = seen;
      const read = () => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Rebuild of ledger"]');
        const value = bar ? Number(bar.getAttribute('aria-valuenow')) : null;
        if (value !== null && seen.at(-1) !== value) seen.push(value);
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });

    const releaseBatches = await hold({ name: 'ledger', version: next });
    await row.getByRole('button', { name: 'Rebuild ledger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rebuild ledger?' });
    await dialog.getByRole('button', { name: 'Start rebuild' }).click();
    await toasted(page, 'Rebuild started');
    await expect(dialog.count()).resolves.toBe(0);
    const bar = row.getByRole('progressbar', { name: 'Rebuild of ledger' });

    // The new tables exist and the first batch waits: the page shows the rebuild at its start.
    await row.getByText(`0% (version ${next})`).waitFor();
    await row.getByText('Rebuilding', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: 'Rebuild ledger' }).isDisabled()).resolves.toBe(true);

    // Every batch runs and the swap waits: the page shows it all but done, the old version still serving.
    const releaseSwap = await hold(adminLockKey('ledger'));
    await releaseBatches();
    await row.getByText(`99% (version ${next})`).waitFor({ timeout: 120_000 });
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('99');
    await expect(row.getByTestId('version').textContent()).resolves.toBe(String(before.version));

    await releaseSwap();
    await row.getByText(`Done: version ${next} is live`).waitFor({ timeout: 60_000 });
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('100');
    await row.getByText('Live', { exact: true }).waitFor();
    await expect(row.getByTestId('version').textContent()).resolves.toBe(String(next));
    await expect(row.getByRole('button', { name: 'Rebuild ledger' }).isEnabled()).resolves.toBe(true);

    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(seen).toContain(99);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await ledger()).toMatchObject({ status: 'live', version: next, lag: 0 });
  });

  it('pages through a long history, newest first', async () => {
    const { page } = tab;
    await page.goto(`/admin/history/org-${bulkOrgId}`);
    await page.getByText('Page 1 of 601').waitFor();
    await expect(page.getByTestId('history-event').count()).resolves.toBe(10);
    await expect(page.locator('.timeline__seq').first().textContent()).resolves.toBe('#6001');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 601').waitFor();
    await page.waitForFunction(() => document.querySelector('.timeline__seq')?.textContent === '#5991');
    await page.getByRole('button', { name: 'Oldest first' }).click();
    await page.getByText('Page 1 of 601').waitFor();
    await page.waitForFunction(() => document.querySelector('.timeline__seq')?.textContent === '#1');
  });

  it('links to the queue dashboard, which the server renders for the admin', async () => {
    const res = await tab.context.request.get('/admin/queues');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('<title>Bull Dashboard</title>');
  });

  it('showed no errors in the browser console', () => {
    expect(tab.errors).toEqual([]);
  });
});
