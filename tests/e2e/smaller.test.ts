import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser } from '../support/browser';
import type { Client } from '../support/http';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 23 item 18: the smaller things a paying member (and the admin) trips over. */
let app: TestApp;
let browser: Browser;
let admin: Client;
let receiver: Server;
let receiverUrl: string;
let member: { client: Client; orgId: string };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(app.url);
  member = await memberWithOrg(app, 'small-things@example.com', 500);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

/** A page at 1280 px in UTC. */
async function open(as: Client | null) {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  if (as) {
    const [name, value] = as.cookie.split('=');
    await context.addCookies([{ name, value, url: app.url }]);
  }
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const signIn = async (page: Page, email: string, name: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

describe('smaller things', { timeout: 120_000 }, () => {
  it('the admin signs in and lands on the admin pages with a clean URL (the /admin route warning: web/src/app/routes.test.ts)', async () => {
    const { page, close } = await open(null);
    try {
      await page.goto('/login');
      await signIn(page, 'admin@example.com', 'Ada Admin');
      await page.waitForURL((url) => url.pathname.startsWith('/admin'));
      await page.getByRole('navigation', { name: 'Admin' }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/admin/orgs');
      await page.locator('main h1').first().waitFor();
    } finally {
      await close();
    }
  });

  it('a direct load of /project/{id} shows the active-project link', async () => {
    const project = await member.client.post('/api/projects', { name: 'Harbour expansion', description: '' });
    expect(project.status).toBe(201);
    const { page, close } = await open(member.client);
    try {
      await page.goto(`/project/${project.body.id}`);
      await page.getByRole('heading', { name: 'Harbour expansion' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Harbour expansion' }).waitFor();
      await page.getByRole('button', { name: 'Clear the active project' }).waitFor();
    } finally {
      await close();
    }
  });

  it('a delivery says "delivered" again once a Resend has been delivered, and the tables show moments in one format', async () => {
    const added = await member.client.post('/api/me/webhook-endpoints', { url: receiverUrl });
    expect(added.status).toBe(201);
    expect((await admin.post(`/api/admin/orgs/${member.orgId}/credits`, { amount: 25, description: 'for a delivery' })).status).toBe(200);
    const { page, close } = await open(member.client);
    try {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.locator('.integrations__log');
      const status = log.locator('tbody tr').first().locator('td').nth(1);
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('delivered');
      await log.getByRole('button', { name: 'Resend' }).first().click();
      // Without reloading: the log is read again until the worker has delivered it.
      await expect.poll(() => log.locator('tbody tr').first().locator('td').nth(2).innerText(), { timeout: 30_000 }).toBe('2');
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('delivered');

      // One format for moments in tables, the member's too: '2026-11-27 14:05 UTC'.
      const moment = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/;
      const transactionDate = page.getByRole('region', { name: 'Recent credit transactions' }).locator('tbody tr').first().locator('td').first();
      expect(await transactionDate.innerText()).toMatch(moment);
    } finally {
      await close();
    }
  });

  it('pickers take a moment in the same 24-hour format the tables show, the zone named beside them', async () => {
    const { page, close } = await open(admin);
    try {
      await page.goto(`/admin/history/org-${member.orgId}`);
      const asOf = page.getByLabel('Balance as of');
      await asOf.waitFor();
      expect(await asOf.getAttribute('type')).toBe('text');
      expect(await asOf.getAttribute('placeholder')).toBe('YYYY-MM-DD HH:MM:SS');
      expect(await page.locator('.history-balance__asof .moment-input__zone').innerText()).toBe('UTC');
      await asOf.fill('2000-01-01 00:00:00');
      await page.getByTestId('balance-as-of').getByText('0', { exact: true }).waitFor();
      await asOf.fill('2999-01-01 13:30:00');
      await page.getByTestId('balance-as-of').getByText('525', { exact: true }).waitFor();
    } finally {
      await close();
    }
  });
});
