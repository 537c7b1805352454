import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import type { Client } from '../support/http';
import { activeMember, signInAdmin, userIdOf } from '../support/identity';
import { createOrgFor } from '../support/orgs';

/** Issue 12 items 2, 7 and 10: confirmations, buttons that follow permissions, ids on hover. */
let app: TestApp;
let browser: Browser;
let admin: Client;
let adminTab: TestPage;
let orgId: string;

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const openAs = async (client: Client): Promise<TestPage> => {
  const tab = await recordToasts(await newPage(browser, app.url));
  const [name, value] = client.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: app.url }]);
  return tab;
};

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(app.url);
  const { id } = await activeMember(app.url, admin, 'staff@example.com', 'Stan Staff');
  orgId = await createOrgFor(app, id, 'Staff Co');
  adminTab = await openAs(admin);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('confirmation before hard-to-undo admin actions', { timeout: 60_000 }, () => {
  it('disabling a user asks first: Cancel leaves them active, Disable disables them', async () => {
    const { page } = adminTab;
    await page.goto('/admin/users');
    const staff = row(page, 'staff@example.com');
    await staff.getByRole('button', { name: 'Disable staff@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable user?' });
    await dialog.getByText('staff@example.com').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await staff.getByText('Active', { exact: true }).waitFor();

    await staff.getByRole('button', { name: 'Disable staff@example.com' }).click();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await toasted(page, 'User disabled successfully');
    await staff.getByText('Inactive', { exact: true }).waitFor();
    await staff.getByRole('button', { name: 'Enable staff@example.com' }).click();
    await toasted(page, 'User enabled successfully');
  });

  it("removing one's own role asks first; the server's refusal (the last admin) is shown in the toast", async () => {
    const { page } = adminTab;
    await page.goto('/admin/users');
    const me = row(page, 'admin@example.com');
    const remove = me.getByRole('button', { name: 'Remove role admin from Ada Admin' });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove your own role?' });
    await dialog.getByText('You are removing admin from your own account').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await remove.waitFor();

    // The server keeps one active admin (409 with its reason); the page shows that reason, not a generic failure.
    await page.route('**/api/admin/users/*/roles/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'At least one active admin must remain', reason: 'last_admin' }) })
        : route.continue(),
    );
    try {
      await remove.click();
      await dialog.getByRole('button', { name: 'Remove my role' }).click();
      await toasted(page, 'At least one active admin must remain');
      await remove.waitFor();
    } finally {
      await page.unroute('**/api/admin/users/*/roles/*');
    }
  });

  it("removing another user's role does not ask", async () => {
    const { page } = adminTab;
    const staffId = await userIdOf(admin, 'staff@example.com');
    const helpers = await admin.post('/api/admin/roles', { name: 'Helpers' });
    expect((await admin.post(`/api/admin/users/${staffId}/roles/${helpers.body.role.id}`)).status).toBe(200);
    await page.goto('/admin/users');
    await row(page, 'staff@example.com').getByRole('button', { name: 'Remove role Helpers from Stan Staff' }).click();
    await toasted(page, 'Role removed.');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });
});

describe('what an admin without a permission sees', { timeout: 60_000 }, () => {
  it('History buttons show only with admin.audit.view; an org id shows short with the whole id on hover', async () => {
    const { page } = adminTab;
    await page.goto('/admin/orgs');
    const staffOrg = row(page, 'Staff Co');
    await staffOrg.getByRole('link', { name: 'History of Staff Co' }).waitFor();
    const id = staffOrg.locator(`code[title="${orgId}"]`);
    await expect(id.textContent()).resolves.toBe(`${orgId.slice(0, 8)}…`);

    const role = await admin.post('/api/admin/roles', { name: 'Viewers' });
    for (const permission of ['admin.orgs.view', 'admin.users.view']) {
      expect((await admin.post(`/api/admin/roles/${role.body.role.id}/permissions/${permission}`)).status).toBe(200);
    }
    const viewer = await activeMember(app.url, admin, 'viewer@example.com', 'Vi Viewer');
    await createOrgFor(app, viewer.id, 'Viewer Co');
    expect((await admin.post(`/api/admin/users/${viewer.id}/roles/${role.body.role.id}`)).status).toBe(200);
    const tab = await openAs(viewer.client);
    try {
      await tab.page.goto('/admin/orgs');
      await row(tab.page, 'Staff Co').waitFor();
      await expect(tab.page.getByRole('link', { name: /^History of/ }).count()).resolves.toBe(0);
      await expect(tab.page.getByRole('button', { name: /^(Disable|Enable) / }).count()).resolves.toBe(0);
      await expect(tab.page.getByRole('button', { name: /^Credits of / }).count()).resolves.toBe(0);
      await tab.page.goto('/admin/users');
      await row(tab.page, 'staff@example.com').waitFor();
      await expect(tab.page.getByRole('columnheader', { name: 'History' }).count()).resolves.toBe(0);
      await expect(tab.page.getByRole('link', { name: /^History of/ }).count()).resolves.toBe(0);
      const nav = tab.page.getByRole('navigation', { name: 'Admin' });
      await expect(nav.getByRole('link', { name: 'Queues' }).count()).resolves.toBe(0);
      await expect(nav.getByRole('link', { name: 'Messages' }).count()).resolves.toBe(0);
    } finally {
      await tab.close();
    }
  });

  it('the admin side navigation links the queue dashboard and the contact messages', async () => {
    const { page } = adminTab;
    await page.goto('/admin/orgs');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Queues' }).getAttribute('href')).resolves.toBe('/admin/queues');
    await expect(nav.getByRole('link', { name: 'Messages' }).getAttribute('href')).resolves.toBe('/admin/messages');
    await nav.getByRole('link', { name: 'Queues' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/queues'));
    await page.getByText('projector').first().waitFor();
  });
});
