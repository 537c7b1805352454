import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { Client } from '../support/http';
import { activeMember, signInAdmin } from '../support/identity';

let t: TestApp;
let browser: Browser;
let admin: Client;

beforeAll(async () => {
  [t, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(t.url);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await t?.close();
});

/**
 * A tab signed in as an active member of a fresh organization; third-party hosts are offline. It records
 * its toasts: a success toast lasts 500 ms, which a busy browser can render and remove between two polls
 * of a visibility wait (seen once under load 14: 'Project created!' not visible within 30 s).
 */
async function memberTab(email: string, orgName: string): Promise<TestPage> {
  await activeMember(t.url, admin, email);
  const tab = await recordToasts(await newPage(browser, t.url));
  await tab.context.route((url) => url.origin !== t.url, (route) => route.abort());
  const headers = { origin: t.url };
  expect((await tab.context.request.post(`${t.url}/api/auth/dev-login`, { data: { email, name: 'Mia Member' }, headers })).status()).toBe(200);
  const saved = await tab.context.request.post(`${t.url}/api/me/profile/update`, { data: { name: 'Mia Member', orgName }, headers });
  expect(saved.status()).toBe(200);
  return tab;
}

const appErrors = (tab: TestPage) => tab.errors.filter((e) => !e.startsWith('Failed to load resource'));

describe('projects in the browser', { timeout: 90_000 }, () => {
  it('creates a project, opens it from the list, and the navigation bar shows it as the active project', async () => {
    const tab = await memberTab('mia@example.com', 'Mia Co');
    const { page } = tab;
    try {
      await page.goto('/projects');
      await page.getByText('No projects yet').waitFor();
      const form = page.getByRole('form', { name: 'Create a project' });
      await form.getByLabel('Name').fill('Market entry');
      await form.getByLabel('Description').fill('Entering the Nordic market');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await toasted(page, 'Project created!');

      const item = page.getByRole('list', { name: 'Projects' }).getByRole('button', { name: /Market entry/ });
      await item.waitFor();
      expect(await form.getByLabel('Name').inputValue()).toBe('');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Market entry' }).count()).toBe(0);

      await item.click();
      await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
      const id = new URL(page.url()).pathname.split('/').pop();
      await page.getByRole('heading', { name: 'Market entry' }).waitFor();
      await page.getByText('Entering the Nordic market').waitFor();
      await page.getByText('Advisory Board Interface Coming Soon').waitFor();
      await page.getByText('No model provider is configured').waitFor();
      expect(await page.getByLabel('Your question').isDisabled()).toBe(true);
      const active = nav.getByRole('link', { name: 'Market entry' });
      await active.waitFor();
      expect(await active.getAttribute('href')).toBe(`/project/${id}`);

      await page.goto('/advisors');
      await nav.getByRole('link', { name: 'Market entry' }).waitFor();
      expect(appErrors(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it("shows 'Loading project...' and then 'Failed to load project' for another organization's project", async () => {
    const owner = await memberTab('owner@example.com', 'Owner Co');
    const created = await owner.context.request.post(`${t.url}/api/projects`, {
      data: { name: 'Private plan', description: '' },
      headers: { origin: t.url },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    await owner.close();

    const tab = await memberTab('stranger@example.com', 'Stranger Co');
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await tab.page.route(`**/api/projects/${id}`, async (route) => {
        await held;
        await route.continue();
      });
      await tab.page.goto(`/project/${id}`);
      await tab.page.getByText('Loading project...').waitFor();
      release();
      await tab.page.getByText('Failed to load project').waitFor();
      expect(await tab.page.getByText('Private plan').count()).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it("shows 'Error loading project' when the project cannot be fetched at all", async () => {
    const tab = await memberTab('offline@example.com', 'Offline Co');
    try {
      await tab.page.route('**/api/projects/*', (route) => route.abort());
      await tab.page.goto('/project/6f1c5c36-1111-4b7a-9a57-000000000000');
      await tab.page.getByText('Error loading project').waitFor();
    } finally {
      await tab.close();
    }
  });

  it("toasts the server's error text, or 'Failed to create project' when there is none", async () => {
    const tab = await memberTab('failing@example.com', 'Failing Co');
    const { page } = tab;
    try {
      await page.goto('/projects');
      const form = page.getByRole('form', { name: 'Create a project' });
      let answer: 'text' | 'none' = 'text';
      await page.route('**/api/projects', (route) =>
        route.request().method() !== 'POST'
          ? route.continue()
          : answer === 'text'
            ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'A project of this name exists' }) })
            : route.fulfill({ status: 500, body: '' }),
      );
      await form.getByLabel('Name').fill('Doomed');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await toasted(page, 'A project of this name exists');
      answer = 'none';
      await form.getByRole('button', { name: 'Create Project' }).click();
      await toasted(page, 'Failed to create project');
      expect(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)).not.toContain('Project created!');
    } finally {
      await tab.close();
    }
  });
});
