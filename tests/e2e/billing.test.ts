import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, loadUntil, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';
import { createPlans, PACK_PLAN, PRO_PLAN } from '../integration/stripe-support';

let app: TestApp;
let browser: Browser;
let member: TestPage;
let admin: TestPage;
let orgId: string;

/** A new tab that records its toasts. */
const openRecording = async (): Promise<TestPage> => recordToasts(await newPage(browser, app.url));

/** The credits arrive a moment after /subscribed ("it may take a while"): reload the profile until they show. */
async function profileShows(page: Page, balance: string) {
  await loadUntil(page, '/profile', `a balance of ${balance}`, async () => (await page.getByTestId('credit-balance').textContent({ timeout: 10_000 }))?.trim() === balance);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  const adminClient = await signInAdmin(app.url);
  await createPlans(adminClient, PRO_PLAN, PACK_PLAN);
  ({ orgId } = await memberWithOrg(app, 'shopper@example.com'));
  [member, admin] = await Promise.all([openRecording(), openRecording()]);
  expect((await member.page.request.post('/api/auth/dev-login', { data: { email: 'shopper@example.com', name: 'Sam Shopper' } })).status()).toBe(200);
  expect((await admin.page.request.post('/api/auth/dev-login', { data: { email: 'admin@example.com', name: 'Ada Admin' } })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('buying a plan in the browser', { timeout: 90_000 }, () => {
  it('a visitor who is not signed in is told to log in first and sent to the login page', async () => {
    const visitor = await openRecording();
    try {
      await visitor.page.goto('/subscribe/plan-pro-monthly');
      await toasted(visitor.page, 'Please log in first');
      await visitor.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/subscribe/plan-pro-monthly');
    } finally {
      await visitor.close();
    }
  });

  it('a member opens /pricing, subscribes, pays in the local checkout, lands on /subscribed, and sees the credits on /profile', async () => {
    const { page } = member;
    await page.goto('/pricing');
    const pro = page.locator('.plan-tile').filter({ hasText: 'Pro' });
    await expect(pro.textContent()).resolves.toContain('$20.00 / month');
    await expect(pro.textContent()).resolves.toContain('1,000 credits per month');
    await pro.getByRole('link', { name: 'Plan will be $20.00 /mo' }).click();

    await page.waitForURL('**/subscribe/plan-pro-monthly');
    await page.getByRole('heading', { name: 'Pro' }).waitFor();
    await expect(page.locator('.subscribe').textContent()).resolves.toContain('200 one-time credits');
    await page.getByRole('button', { name: 'Start Subscription' }).click();

    await page.waitForURL(/\/checkout\/sim\/cs_sim_[0-9a-f]{24}$/);
    await expect(page.getByTestId('sim-price').textContent()).resolves.toContain('$20.00');
    await expect(page.getByTestId('sim-credits').textContent()).resolves.toBe('1,000 per month, 200 one-time');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL('**/subscribed');
    await page.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor();
    await page.getByText('It may take a while').waitFor();
    await page.getByRole('link', { name: 'Go to Projects' }).waitFor();
    // The page watches the balance it left with, and says when the plan's credits (both grants, one event) arrived.
    const arrived = page.getByTestId('credits-arrived');
    await arrived.waitFor();
    expect(await arrived.textContent()).toBe("1,200 credits arrived: your organization's balance is 1,200.");

    await profileShows(page, '1,200');
    const transactions = page.getByRole('region', { name: 'Recent credit transactions' }).locator('table');
    // The balance is read from the stream; the list from its read model, which may show the second grant a moment later.
    await transactions.getByText('Pro: one-time credits').waitFor();
    await expect(transactions.textContent()).resolves.toContain('PURCHASE');
    // The same grants as lots: the month's credits expire at the end of the period, the one-time ones never.
    // The lots come with the balance's own request (/api/me/credits), which may answer after the list above.
    const lot = page.getByTestId('credit-lot');
    await lot.filter({ hasText: 'Monthly plan credits' }).waitFor();
    await lot.filter({ hasText: 'One-time plan credits' }).waitFor();
    const lots = await lot.allTextContents();
    expect(lots.find((l) => l.startsWith('Monthly plan credits'))).toMatch(/1,000 \/ 1,000expires in (29|30|31) days$/);
    expect(lots.find((l) => l.startsWith('One-time plan credits'))).toMatch(/200 \/ 200never expires$/);
    await page.getByText('Current plan').waitFor();
    await expect(page.locator('.profile-plan').textContent()).resolves.toContain('Pro');

    await page.goto('/pricing');
    const current = page.locator('.plan-tile').filter({ hasText: 'Pro' });
    await current.getByText('Current', { exact: true }).waitFor();
    await expect(current.getByRole('button', { name: 'Selected' }).isDisabled()).resolves.toBe(true);
    await page.locator('.plan-tile').filter({ hasText: 'Credit Pack' }).getByRole('link', { name: /Plan will be \$49\.00/ }).waitFor();
    expect(member.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('an admin sees the payment and the webhook on /admin/stripe, with its raw JSON, and sends a renewal', async () => {
    const { page } = admin;
    await page.goto('/admin/stripe');
    const payments = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Payment transactions' }) });
    // The plan by its name (its id on hover), as the organization is.
    const payment = payments.getByRole('row').filter({ has: page.locator('[title="plan-pro-monthly"]') });
    await payment.waitFor();
    expect(await payment.locator('[title="plan-pro-monthly"]').innerText()).toBe('Pro');
    await expect(payment.textContent()).resolves.toContain('$20.00');
    await expect(payment.textContent()).resolves.toContain('paid');

    const webhooks = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Webhook log' }) });
    const completed = webhooks.getByRole('row').filter({ hasText: 'checkout.session.completed' });
    const invoice = webhooks.getByRole('row').filter({ hasText: 'invoice.paid' });
    // The log's read model may trail the credits by a moment.
    await loadUntil(page, null, 'invoice.paid processed', async () => ((await invoice.textContent()) ?? '').includes('processed'));
    await expect(completed.textContent()).resolves.toContain('processed');
    await expect(invoice.textContent()).resolves.toContain('processed');
    // Its moments on two lines, the day and then the time with its zone, neither broken (the time once
    // broke from its zone, on three lines).
    const lines = (row: typeof completed) =>
      row.locator('time.moment--stacked > span').evaluateAll((spans) => spans.map((span) => new Set([...span.getClientRects()].map((r) => Math.round(r.top))).size));
    expect(await lines(completed)).toEqual([1, 1, 1, 1]);
    await completed.getByRole('button', { name: /View event/ }).click();
    const raw = page.getByTestId('raw-event');
    await expect(raw.textContent()).resolves.toContain('"checkout.session.completed"');
    await expect(raw.textContent()).resolves.toContain(orgId);
    await page.keyboard.press('Escape');
    await raw.waitFor({ state: 'detached' });

    await page.getByLabel('Organization').selectOption(orgId);
    await page.getByRole('button', { name: 'Send monthly renewal' }).click();
    await toasted(page, 'Sent invoice.paid');
    const renewal = webhooks.getByRole('row').filter({ hasText: 'granted 1,000 credits' });
    await loadUntil(page, null, 'the renewal granting 1000 credits', async () => (await renewal.waitFor({ timeout: 5000 }).then(() => true, () => false)));
    await profileShows(member.page, '2,200');
  });

  it('an admin creates a plan in the modal and edits it on /admin/subscriptions', async () => {
    const { page } = admin;
    await page.goto('/admin/subscriptions');
    await page.getByRole('row').filter({ hasText: 'plan-pro-monthly' }).waitFor();
    await page.getByRole('button', { name: 'Create Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Team');
    await dialog.getByLabel('Description').fill('For whole teams');
    await dialog.getByLabel('Price (USD)').fill('59.99');
    await dialog.getByLabel('Monthly credits', { exact: true }).fill('4000');
    await dialog.getByLabel('Example usages (one per line)').fill('Weekly reviews\nHiring plans');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toasted(page, 'Subscription created!');
    const team = page.getByRole('row').filter({ hasText: 'Team' });
    await expect(team.textContent()).resolves.toContain('$59.99');

    await team.getByRole('button', { name: 'Edit Team' }).click();
    await dialog.getByLabel('Price (USD)').fill('64.50');
    await dialog.getByLabel('Active').uncheck();
    await dialog.getByLabel('Rollover').check();
    await dialog.getByLabel('Pack expiry (days)').fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toasted(page, 'Subscription updated!');
    await expect(team.textContent()).resolves.toContain('$64.50');
    const saved = await app.db.query(`SELECT price_usd::float8 AS price, is_active, example_usages FROM plans WHERE name = 'Team'`);
    expect(saved.rows).toEqual([{ price: 64.5, is_active: false, example_usages: ['Weekly reviews', 'Hiring plans'] }]);
    const changes = await app.db.query(`SELECT data->'changes' AS changes FROM events WHERE type = 'PlanUpdated'`);
    expect(changes.rows.map((r) => r.changes)).toEqual([{ price_usd: 64.5, is_active: false, rollover: true, one_time_expiry_days: 30 }]);
  });

  it('the plan form refuses a one-time plan with monthly credits, and says why', async () => {
    const { page } = admin;
    await page.goto('/admin/subscriptions');
    await page.getByRole('button', { name: 'Create Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Muddle');
    await dialog.getByLabel('Price (USD)').fill('5');
    await dialog.getByLabel('Monthly credits', { exact: true }).fill('100');
    await dialog.getByLabel('One-time', { exact: true }).check();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/admin/subscriptions') && posts.push(r.url()));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('alert').getByText('A one-time plan cannot have monthly credits').waitFor();
    await expect(dialog.getByLabel('Monthly credits', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(posts).toEqual([]);
    await page.keyboard.press('Escape');
    expect((await app.db.query(`SELECT 1 FROM plans WHERE name = 'Muddle'`)).rowCount).toBe(0);
  });
});

describe('one-time packs and the plan after a cancellation', { timeout: 90_000 }, () => {
  it('the subscribe pages show the current plan: the plan one is on offers nothing to start, a pack says Buy', async () => {
    const { page } = member;
    await page.goto('/subscribe/plan-pro-monthly');
    await page.getByText('This is your current plan.').waitFor();
    await expect(page.getByRole('button', { name: 'Start Subscription' }).isDisabled()).resolves.toBe(true);

    await page.goto('/subscribe/pack-500-credits');
    await page.getByRole('heading', { name: 'Credit Pack' }).waitFor();
    await expect(page.getByTestId('current-plan').textContent()).resolves.toContain('Your current plan: Pro');
    await page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Start Subscription' }).count()).resolves.toBe(0);
    await expect(page.title()).resolves.toBe('Buy Credit Pack · Advisory Board');
  });

  it("after an admin sends a cancellation, /profile says the credits remain instead of 'No plan yet'", async () => {
    const { page } = admin;
    await page.goto('/admin/stripe');
    await page.getByLabel('Organization').selectOption(orgId);
    await page.getByRole('button', { name: 'Send cancellation' }).click();
    await toasted(page, 'Sent customer.subscription.deleted');
    await loadUntil(member.page, '/profile', 'the plan cancelled', async () => {
      await member.page.getByTestId('credit-balance').waitFor();
      return (await member.page.locator('.profile-plan h2').textContent())?.startsWith('Cancelled');
    });
    await expect(member.page.locator('.profile-plan h2').textContent()).resolves.toBe('Cancelled — credits remain until they expire');
    await expect(member.page.locator('.profile-plan').textContent()).resolves.toContain('Your Pro plan was cancelled on');
    await expect(member.page.getByText('No plan yet').count()).resolves.toBe(0);
  });

  it('buying a pack goes through the checkout to /subscribed, which thanks for the purchase', async () => {
    const { page } = member;
    await page.goto('/subscribe/pack-500-credits');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/checkout\/sim\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/subscribed');
    await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor();
    await expect(page.getByText('Thank you for subscribing!').count()).resolves.toBe(0);
    await page.getByTestId('credits-arrived').waitFor();
    expect(await page.getByTestId('credits-arrived').textContent()).toMatch(/^500 credits arrived: your organization's balance is \d{1},\d{3}\.$/);
    // Said once: the page opened again later has nothing to compare with.
    await page.reload();
    await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor();
    expect(await page.getByTestId('credits-arrived').count()).toBe(0);
  });
});
