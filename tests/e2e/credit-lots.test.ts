import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { signIn, type Client } from '../support/http';
import { createOrgFor, memberWithOrg, userIdOf } from '../support/orgs';
import { clockPast, waitFor } from '../support/processes';

/** Issue 15, what people see: a member's lots and holds on /profile, and the admin's timeline of them. */
let t: TestApp;
let browser: Browser;
let admin: Client;
let member: { client: Client; orgId: string };
let memberTab: TestPage;
let adminTab: TestPage;
let holdId: string;
let whileHeld: string;
const DAY = 86_400_000;
const shots = process.env.PROFILE_SHOTS;

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

async function tabFor(client: Client, width = 1280): Promise<TestPage> {
  const tab = await newPage(browser, t.url);
  if (width !== 1280) await tab.page.setViewportSize({ width, height: 844 });
  const [name, value] = client.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: t.url }]);
  return tab;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

/** [source, remaining / amount, expiry text, expiry date on hover] of each lot row, top to bottom. */
const lotRows = (page: Page) =>
  page.getByTestId('credit-lot').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')];
      const time = row.querySelector('time');
      return [
        cells[0].querySelector('.profile-lots__source')?.textContent,
        cells[1].textContent?.replace(/\s+/g, ' ').trim(),
        cells[2].textContent?.trim(),
        time ? [time.getAttribute('datetime'), time.getAttribute('title')] : null,
      ];
    }),
  );

let promoExpiresAt: string;
let manualExpiresAt: string;

beforeAll(async () => {
  [t, browser] = await Promise.all([startApp(), workerBrowser()]);
  const owner = await memberWithOrg(t, 'lots-owner@example.com');
  member = { client: owner.client, orgId: owner.orgId };
  // The admin needs an organization of their own, or the app sends them to /profile.
  admin = await signIn(t.url, 'admin@example.com', 'Ada Admin');
  const adminId = await userIdOf(t, 'admin@example.com');
  await createOrgFor(t, adminId, 'Admin Org');

  // Two lots: a promotion of 100 at priority 5 expiring in 6 days, a manual grant of 50 at priority 1 expiring in 20.
  promoExpiresAt = new Date(Date.now() + 6 * DAY + 60_000).toISOString();
  manualExpiresAt = new Date(Date.now() + 20 * DAY + 60_000).toISOString();
  const grants = [
    { amount: 100, description: 'Launch promotion', source: 'promo', priority: 5, expiresAt: promoExpiresAt },
    { amount: 50, description: 'Goodwill', priority: 1, expiresAt: manualExpiresAt },
  ];
  for (const grant of grants) expect((await admin.post(`/api/admin/orgs/${member.orgId}/credits`, grant)).status).toBe(200);

  const hold = await member.client.post('/api/usage/holds', { credits: 30, description: 'Board session in progress', idempotencyKey: 'e2e-hold' });
  expect(hold.status).toBe(201);
  holdId = hold.body.holdId;
  // A whole second after the hold and before its capture, for the as-of field (which takes seconds).
  const between = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
  await clockPast(between.getTime() + 100);
  whileHeld = localInput(between);

  [memberTab, adminTab] = await Promise.all([tabFor(member.client), tabFor(admin)]);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await t?.close();
});

describe("a member's credits on /profile", { timeout: 60_000 }, () => {
  it('shows the balance, what is available and held, the lots in spending order with their expiry, the soonest expiry and the open hold', async () => {
    const { page } = memberTab;
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your credits' }).waitFor();
    expect(await text(page, 'credit-balance')).toBe('150');
    expect(await text(page, 'credit-available')).toBe('120');
    expect(await text(page, 'credit-held')).toBe('30');
    expect(await text(page, 'soonest-expiry')).toBe('Expiring soonest: 100 credits, expires in 6 days');

    expect(await lotRows(page)).toEqual([
      ['Added by an administrator', '50 / 50', 'expires in 20 days', [manualExpiresAt, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d \S+$/)]],
      ['Promotion', '100 / 100', 'expires in 6 days', [promoExpiresAt, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d \S+$/)]],
    ]);
    const hold = page.getByTestId('credit-hold');
    await expect(hold.count()).resolves.toBe(1);
    // The hold's default TTL is 15 minutes; a slow start may have used a little of it.
    await expect(hold.textContent()).resolves.toMatch(/^Board session in progress30expires in 1[45] minutes$/);
    if (shots) await page.screenshot({ path: `${shots}/profile-1280-held.png`, fullPage: true });
  });

  it('fits a 390 px phone', async () => {
    const phone = await tabFor(member.client, 390);
    try {
      await phone.page.goto('/profile');
      await phone.page.getByTestId('credit-lot').first().waitFor();
      const size = await phone.page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(size.scrollWidth).toBeLessThanOrEqual(size.width);
      if (shots) await phone.page.screenshot({ path: `${shots}/profile-390-held.png`, fullPage: true });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('after a capture of part of the hold, shows the new balance, no held credits, and what the capture took from the first lot', async () => {
    const captured = await member.client.post(`/api/usage/holds/${holdId}/capture`, { credits: 12, description: 'Three advisors' });
    expect(captured.body).toEqual({ balance: 138, available: 138, captured: 12 });
    const { page } = memberTab;
    await page.reload();
    await page.getByRole('heading', { name: 'Your credits' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="credit-balance"]')?.textContent === '138');
    await expect(page.getByTestId('credit-split').count()).resolves.toBe(0);
    await expect(page.getByTestId('credit-hold').count()).resolves.toBe(0);
    expect((await lotRows(page)).map((row) => row.slice(0, 3))).toEqual([
      ['Added by an administrator', '38 / 50', 'expires in 20 days'],
      ['Promotion', '100 / 100', 'expires in 6 days'],
    ]);
    if (shots) await page.screenshot({ path: `${shots}/profile-1280-captured.png`, fullPage: true });
    expect(memberTab.errors).toEqual([]);
  });
});

describe('credits that cannot be read', { timeout: 60_000 }, () => {
  it('says so on /profile instead of showing no lots, and Retry reads them', async () => {
    const tab = await tabFor(member.client);
    try {
      await tab.page.route('**/api/me/credits', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Try again' }) }),
      );
      await tab.page.goto('/profile');
      const lots = tab.page.getByRole('region', { name: 'Your credits' });
      await lots.getByText('Your credits could not be loaded.').waitFor();
      await expect(tab.page.getByTestId('credit-lot').count()).resolves.toBe(0);
      await tab.page.unroute('**/api/me/credits');
      await lots.getByRole('button', { name: 'Retry' }).click();
      await tab.page.getByTestId('credit-lot').first().waitFor();
      await expect(tab.page.getByTestId('credit-lot').count()).resolves.toBe(2);
    } finally {
      await tab.close();
    }
  });
});

describe("the admin's timeline of the organization", { timeout: 90_000 }, () => {
  it('shows the lots, the hold placed, captured and released, and an expiry, with the balance after each', async () => {
    const expiresAt = new Date(Date.now() + 2000).toISOString();
    const short = await admin.post(`/api/admin/orgs/${member.orgId}/credits`, { amount: 5, description: 'Flash promo', source: 'promo', expiresAt });
    expect(short.status).toBe(200);
    await waitFor('the worker to expire the flash promo', async () =>
      (await t.app.store.readStream(orgStreamId(member.orgId))).some((e) => e.type === 'CreditsExpired'), 30_000);

    const { page } = adminTab;
    await page.goto(`/admin/history/org-${member.orgId}`);
    await page.getByTestId('history-event').first().waitFor();
    const entries = await page.getByTestId('history-event').evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('.timeline__type')?.textContent,
        row.querySelector('[data-testid="event-summary"]')?.textContent ?? null,
        row.querySelector('[data-testid="balance-after"] strong')?.textContent ?? null,
      ]),
    );
    const lot = (id: string) => `${id.slice(0, 8)}…`;
    const hold = lot(holdId);
    expect(entries).toEqual([
      ['CreditsExpired', `5 credits of lot ${lot(short.body.lotId)} expired`, '138'],
      ['CreditsGranted', expect.stringMatching(new RegExp(`^Lot ${lot(short.body.lotId)} of 5 credits · promotion · priority 5 · expires `)), '143'],
      ['HoldReleased', `Hold ${hold} released: 18 credits no longer heldHeld -18`, null],
      ['CreditsDebited', `Hold ${hold} captured: 12 credits spentHeld -12`, '138'],
      ['HoldPlaced', expect.stringMatching(new RegExp(`^Hold ${hold} placed: 30 credits held · expires .*Held \\+30$`)), null],
      ['CreditsGranted', expect.stringMatching(/^Lot \S+ of 50 credits · manual · priority 1 · expires /), '150'],
      ['CreditsGranted', expect.stringMatching(/^Lot \S+ of 100 credits · promotion · priority 5 · expires /), '100'],
      ['OrganizationCreated', null, null],
    ]);
    // Each expiry's moment is kept whole, so that a narrow screen breaks the summary between words, not
    // inside '2026-12-02 18:33 UTC' (as it did at 390 px).
    const moments = await page.getByTestId('event-summary').locator('.moment').allInnerTexts();
    expect(moments).toHaveLength(4);
    for (const moment of moments) expect(moment).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+$/);
    if (shots) await page.screenshot({ path: `${shots}/history-1280.png`, fullPage: true });
  });

  it('counts the hold in the balance as of a moment while it was open, and the expiry in the current balance', async () => {
    const { page } = adminTab;
    await expect(page.getByTestId('current-balance').textContent()).resolves.toBe('138');
    await page.getByLabel('Balance as of').fill(whileHeld);
    const asOf = page.getByTestId('balance-as-of');
    await asOf.getByText('150', { exact: true }).waitFor();
    await expect(asOf.getByTestId('held-part').textContent()).resolves.toBe(' (available 120, held 30)');
    expect(adminTab.errors).toEqual([]);
  });
});

describe('an admin grants credits from the organizations page', { timeout: 90_000 }, () => {
  it('says what is wrong before sending, grants a promotional lot with its priority and expiry, removes credits, and toasts the new balance', async () => {
    const target = await memberWithOrg(t, 'grant-target@example.com');
    const tab = await recordToasts(await tabFor(admin));
    try {
      const { page } = tab;
      await page.goto('/admin/orgs');
      const row = page.getByRole('row').filter({ hasText: target.orgId.slice(0, 8) });
      // The name cell's first line (its members follow, under the name).
      const name = (await row.getByRole('cell').nth(1).innerText()).split('\n')[0].trim();
      await row.getByRole('button', { name: `Credits of ${name}` }).click();
      const dialog = page.getByRole('dialog');
      // Nothing is sent while the form has a problem.
      await dialog.getByLabel('Amount').fill('0');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('alert').getByText('Amount must be a whole number of credits, not zero (negative removes credits).').waitFor();
      const expires = new Date(Date.now() + 10 * DAY);
      await dialog.getByLabel('Amount').fill('40');
      await dialog.getByLabel('Source').selectOption('promo');
      await dialog.getByLabel('Priority').fill('2');
      await dialog.getByLabel('Expires').fill(localInput(expires).slice(0, 16));
      await dialog.getByLabel('Description').fill('Partner launch');
      if (shots) await page.screenshot({ path: `${shots}/admin-grant-1280.png` });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toasted(page, `Credits updated: ${name} now has 40 credits`);
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
      const credits = (await target.client.get('/api/me/credits')).body;
      expect(credits.balance).toBe(40);
      expect(credits.lots).toEqual([
        expect.objectContaining({ source: 'promo', amount: 40, remaining: 40, priority: 2, description: 'Partner launch', expiresAt: new Date(localInput(expires).slice(0, 16)).toISOString() }),
      ]);

      await row.getByRole('button', { name: `Credits of ${name}` }).click();
      await page.getByRole('dialog').getByLabel('Amount').fill('-15');
      await page.getByRole('dialog').getByLabel('Description').fill('Duplicate grant');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await toasted(page, `Credits updated: ${name} now has 25 credits`);
      // The list is read again: the row shows the new balance.
      await row.getByRole('cell', { name: '25', exact: true }).waitFor();
      expect((await target.client.get('/api/me/credits')).body).toMatchObject({ balance: 25, lots: [expect.objectContaining({ remaining: 25 })] });
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('fits a 390 px phone', async () => {
    const phone = await tabFor(admin, 390);
    try {
      await phone.page.goto('/admin/orgs');
      await phone.page.getByRole('button', { name: /^Credits of / }).first().click();
      const dialog = phone.page.getByRole('dialog');
      await dialog.getByLabel('Expires').waitFor();
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      if (shots) await phone.page.screenshot({ path: `${shots}/admin-grant-390.png` });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
