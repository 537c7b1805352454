import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, loadUntil, nameBreaks, newPage, recordToasts, toasted, workerBrowser } from '../support/browser';
import { signIn, type Client } from '../support/http';
import { createOrgFor, memberWithOrg, userIdOf } from '../support/orgs';

/** Issue 25 in the browser: the admin rate-card page (publish, versions, backtest, CSV), the member's usage explorer, the history's usage lines. */
let app: TestApp;
let browser: Browser;
let member: { client: Client; orgId: string };
let projectId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  member = await memberWithOrg(app, 'metered@example.com', 1000);
  projectId = (await member.client.post('/api/projects', { name: 'Metered project', description: '' })).body.id;
  // The admin needs an organization of their own, or the app sends them to /profile.
  await signIn(app.url, 'admin@example.com', 'Ada Admin');
  await createOrgFor(app, await userIdOf(app, 'admin@example.com'), 'Admin Org');
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

async function signedIn(email: string, width: number) {
  const tab = await recordToasts(await newPage(browser, app.url));
  await tab.page.setViewportSize({ width, height: 900 });
  expect((await tab.page.request.post('/api/auth/dev-login', { data: { email, name: email.split('@')[0] } })).status()).toBe(200);
  return tab;
}

const fits = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function fillRow(page: Page, n: number, meter: string, unit: string, price: string) {
  await page.getByLabel(`Meter ${n}`, { exact: true }).fill(meter);
  await page.getByLabel(`Unit ${n}`, { exact: true }).fill(unit);
  await page.getByLabel(`Credits per unit ${n}`, { exact: true }).fill(price);
}

/** Publish, then confirm in the dialog that asks first. */
async function publishDraft(page: Page) {
  await page.getByRole('button', { name: 'Publish new version' }).click();
  await page.getByRole('dialog', { name: 'Publish this version?' }).getByRole('button', { name: 'Publish', exact: true }).click();
}

const downloaded = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
};

describe('the rate card and usage pages', { timeout: 180_000 }, () => {
  it('an admin publishes a version and sees it in force, is told in words what the server refuses, and backtests a draft as rows and CSV (1280 px, then 390 px)', async () => {
    const { page, errors } = await signedIn('admin@example.com', 1280);
    await page.goto('/admin/rateCards');
    await page.getByRole('heading', { name: 'Rate card' }).waitFor();
    await page.getByRole('link', { name: 'Rate Card' }).waitFor();

    // The server's refusal, in its words: a price with 7 decimals.
    await fillRow(page, 1, 'api.call', 'call', '0.0000001');
    await publishDraft(page);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('at most 6 decimals');

    await fillRow(page, 1, 'api.call', 'call', '0.5');
    await page.getByRole('button', { name: 'Add a meter' }).click();
    await fillRow(page, 2, 'llm.m.output_tokens', 'token', '0.000003');
    // Asked first: a version prices every organization's usage. Cancelled, nothing is published.
    await page.getByRole('button', { name: 'Publish new version' }).click();
    const ask = page.getByRole('dialog', { name: 'Publish this version?' });
    await expect.poll(() => ask.innerText()).toContain("From now, every organization's usage is priced by it (2 meters)");
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await member.client.get('/api/rate-card').then((r) => r.body.version)).not.toBe(1);
    await publishDraft(page);
    await toasted(page, 'Version 1 published');
    const current = page.getByTestId('rate-card-current');
    await expect.poll(() => current.innerText()).toContain('Version 1');
    expect(await current.innerText()).toContain('0.000003');
    expect(await member.client.get('/api/rate-card').then((r) => r.body.version)).toBe(1);

    // Usage priced by version 1 (api.call 0.5): 4 calls charged 2 credits.
    const sent = await member.client.post('/api/usage/events', {
      events: [
        { id: 'b-1', meter: 'api.call', quantity: 4, projectId },
        { id: 'b-2', meter: 'llm.m.output_tokens', quantity: 1000 },
      ],
    });
    expect(sent.body.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'accepted']);

    // The draft doubles api.call: the backtest shows the organization charged 2.003 against 4.003.
    await page.getByLabel('Credits per unit 1', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Run backtest' }).click();
    const row = page.getByTestId('backtest-row').filter({ hasText: /Org / });
    await row.first().waitFor();
    const cells = await row.first().locator('td').allInnerTexts();
    expect(cells.slice(1)).toEqual(['2', '2.003', '4.003', '+2', '0']);
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.name).toMatch(/^backtest-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.split('\n')[0]).toBe('organization_id,organization,events,charged,draft,difference,unpriced_events');
    expect(csv.text).toContain(`${member.orgId},`);
    expect(csv.text).toContain(',2,2.003,4.003,2,0\n');
    // Days are typed as the app writes them; another format is refused in words, before any request.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    await page.getByLabel('From', { exact: true }).fill('11/27/2026');
    await page.getByRole('button', { name: 'Run backtest' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Pick the first' }).innerText()).toBe('Pick the first and the last day, as YYYY-MM-DD.');
    await page.getByLabel('From', { exact: true }).fill(from);

    // Publishing the draft: version 2 in force, version 1 among the past ones.
    await publishDraft(page);
    await toasted(page, 'Version 2 published');
    await expect.poll(() => current.innerText()).toContain('Version 2');
    await page.getByText(/^Version 1 · from/).click();
    await page.getByTestId('rate-card-version-1').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Rate card' }).waitFor();
    await fits(page, 390);
    // The one console error is the refused publication's 400, shown above in words.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });

  it('the admin history shows each usage event with its meter, quantity, rate-card version and credits', async () => {
    const { page } = await signedIn('admin@example.com', 1280);
    await loadUntil(page, `/admin/history/org-${member.orgId}`, 'the usage batch', async () => (await page.getByTestId('usage-lines').count()) > 0);
    const lines = await page.getByTestId('usage-lines').first().locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(lines).toEqual([
      ['b-1', 'api.call', '4', 'v1', '2'],
      ['b-2', 'llm.m.output_tokens', '1,000', 'v1', '0.003'],
    ]);

    // On a phone, a meter's name wraps after a dot or an underscore, never inside a word (seen: a break inside "output", the table narrowed by `overflow-wrap: anywhere`).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('usage-lines').first().waitFor();
    const breaks = await nameBreaks(page.getByTestId('usage-lines').first());
    expect(breaks.names).toBe(4);
    expect(breaks.inside).toEqual([]);
  });

  it('a member opens Usage from the navigation, sees a chart per meter in its own unit, filters a project and downloads the CSV (390 px, then 1280 px)', async () => {
    await member.client.post('/api/usage/events', { events: [{ id: 'elsewhere', meter: 'api.call', quantity: 3 }] });
    const { page, errors } = await signedIn('metered@example.com', 390);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL('**/usage');
    const meter = (name: string) => page.getByTestId('usage-meter').filter({ hasText: name });
    await loadUntil(page, null, 'every batch in the chart', async () => (await meter('api.call').count()) > 0 && (await meter('api.call').innerText()).includes('7 calls'));
    expect(await meter('llm.m.output_tokens').innerText()).toContain('1,000 tokens');
    expect(await page.getByTestId('usage-bar').count()).toBeGreaterThanOrEqual(60);
    // The board's calls count here as tokens; their credits, whole per call, are in the credit history.
    expect(await page.getByTestId('usage-board-note').getByRole('link', { name: 'credit history' }).getAttribute('href')).toBe('/profile');
    await fits(page, 390);

    await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Metered project' });
    await expect.poll(() => meter('api.call').innerText()).toContain('4 calls');
    expect(await meter('llm.m.output_tokens').count()).toBe(0);
    const csv = await downloaded(page, () => page.getByRole('link', { name: 'Download CSV' }).click());
    const today = new Date().toISOString().slice(0, 10);
    expect(csv.name).toMatch(/^usage-.*\.csv$/);
    expect(csv.text).toBe(`day,meter,quantity,credits,events\n${today},api.call,4,2,1\n`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Project', { exact: true }).selectOption({ label: 'All projects' });
    await expect.poll(() => meter('api.call').innerText()).toContain('7 calls');
    // The range's days are typed as the app writes days: text that is not a day changes nothing, today
    // alone leaves one bar a meter and the CSV of that day.
    const fromField = page.getByLabel('From', { exact: true });
    expect(await fromField.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await fromField.fill('12/01/2026');
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).not.toContain('12/01');
    await fromField.fill(today);
    await expect.poll(async () => (await page.getByTestId('usage-bar').count()) === (await page.getByTestId('usage-meter').count())).toBe(true);
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(`from=${today}`);
    await fits(page, 1280);
    expect(errors).toEqual([]);
  });
});
