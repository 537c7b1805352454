import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlans, fixtureEvent, PACK_PLAN, postEvent, PRO_PLAN, settled } from '../integration/stripe-support';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser } from '../support/browser';
import type { Client } from '../support/http';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 23 item 15: at 1280 px every admin table shows its actions, without scrolling sideways. */
const secret = 'whsec_admin_tables_test';
let app: TestApp;
let browser: Browser;
let admin: Client;
let orgId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } }), workerBrowser()]);
  admin = await signInAdmin(app.url, 'Northwind Traders International Holdings');
  await createPlans(admin, PRO_PLAN, PACK_PLAN);
  const m = await memberWithOrg(app, 'wide-tables@example.com', 5000);
  orgId = m.orgId;
  // A payment (a row on /admin/stripe) and a failed event (a Retry button in the webhook log).
  const paid = fixtureEvent('checkout.session.completed.payment.json', orgId, 'wide');
  const unknown = fixtureEvent('checkout.session.completed.payment.json', '00000000-0000-4000-8000-000000000000', 'wide-unknown');
  for (const event of [paid, unknown]) expect((await postEvent(app.url, event, secret)).status).toBe(200);
  await settled(app, [paid.id, unknown.id]);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

async function adminPage(width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width, height: 900 } });
  const [name, value] = admin.cookie.split('=');
  await context.addCookies([{ name, value, url: app.url }]);
  return context.newPage();
}

/** Every button and link in the table's rows, with where its right edge is. */
async function actionsOf(page: Page) {
  const found: { label: string; right: number; visible: boolean }[] = [];
  for (const action of await page.locator('main table tbody').locator('button, a').all()) {
    const box = await action.boundingBox();
    const label = (await action.getAttribute('aria-label')) ?? (await action.innerText());
    found.push({ label, right: box ? box.x + box.width : Infinity, visible: await action.isVisible() });
  }
  return found;
}

const tables: { path: string; actions: RegExp[] }[] = [
  { path: '/admin/orgs', actions: [/^History/, /^Billing|Credits/] },
  { path: '/admin/users', actions: [/History/] },
  { path: '/admin/subscriptions', actions: [] },
  { path: '/admin/projections', actions: [/Rebuild/] },
  { path: '/admin/stripe', actions: [/^View event/, /^Retry event/] },
];

describe('admin tables at 1280 px', { timeout: 120_000 }, () => {
  it('show every action of every row inside the viewport (boundingBox right ≤ 1280)', async () => {
    const page = await adminPage(1280);
    const outside: string[] = [];
    for (const { path, actions } of tables) {
      await page.goto(path);
      await page.locator('main table tbody tr').first().waitFor();
      // The rows are loaded once every kind of action asked for shows.
      const body = page.locator('main table tbody');
      for (const wanted of actions) await body.getByRole('button', { name: wanted }).or(body.getByRole('link', { name: wanted })).first().waitFor();
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
      const found = await actionsOf(page);
      for (const wanted of actions) expect(found.some((a) => wanted.test(a.label)), `${path}: ${wanted} in ${JSON.stringify(found)}`).toBe(true);
      outside.push(...found.filter((a) => !a.visible || a.right > 1280).map((a) => `${path}: ${a.label} ends at ${Math.round(a.right)} px`));
      await page.screenshot({ path: `/tmp/admin-table-${path.replaceAll('/', '_')}-1280.png`, fullPage: true });
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1280);
    }
    expect(outside).toEqual([]);
  });
});
