import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, type TestPage } from '../support/browser';
import type { Client } from '../support/http';
import { activeMember, signInAdmin } from '../support/identity';
import { createOrgFor } from '../support/orgs';

/**
 * Issue 12 items 8 and 11: states that say what happened, and public pages without dead ends, on a
 * deployment with no external contact form and no veterans site configured.
 * The contact form's API and the account status on /api/auth/me come from the server side of issue 12.
 */
let app: TestApp;
let browser: Browser;
let admin: Client;

const openAs = async (client: Client | null): Promise<TestPage> => {
  const tab = await recordToasts(await newPage(browser, app.url));
  if (client) {
    const [name, value] = client.cookie.split('=');
    await tab.context.addCookies([{ name, value, url: app.url }]);
  }
  return tab;
};

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(app.url);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('a disabled organization', { timeout: 60_000 }, () => {
  it('shows its members a banner on /profile, /dashboard and /projects, and the project form is disabled', async () => {
    const member = await activeMember(app.url, admin, 'parked@example.com', 'Pat Parked');
    const orgId = await createOrgFor(app, member.id, 'Parked Co');
    expect((await admin.post(`/api/admin/orgs/${orgId}/toggle-active`)).status).toBe(200);
    const tab = await openAs(member.client);
    try {
      for (const path of ['/profile', '/dashboard', '/projects']) {
        await tab.page.goto(path);
        const banner = tab.page.getByTestId('org-inactive-banner');
        await banner.waitFor();
        await expect(banner.textContent()).resolves.toContain('Your organization Parked Co is disabled.');
      }
      const form = tab.page.getByRole('form', { name: 'Create a project' });
      await expect(form.getByLabel('Name').isDisabled()).resolves.toBe(true);
      await expect(form.getByRole('button', { name: 'Create Project' }).isDisabled()).resolves.toBe(true);

      expect((await admin.post(`/api/admin/orgs/${orgId}/toggle-active`)).status).toBe(200);
      await tab.page.goto('/projects');
      await form.getByLabel('Name').waitFor();
      await expect(form.getByLabel('Name').isEnabled()).resolves.toBe(true);
      await expect(tab.page.getByTestId('org-inactive-banner').count()).resolves.toBe(0);
    } finally {
      await tab.close();
    }
  });
});

describe('a disabled account', { timeout: 60_000 }, () => {
  it('signing in, is told on /inactive that an administrator disabled it', async () => {
    const member = await activeMember(app.url, admin, 'benched@example.com', 'Ben Benched');
    expect((await admin.put(`/api/admin/users/${member.id}/activate`, { is_active: false })).status).toBe(200);
    const tab = await openAs(null);
    try {
      await tab.page.goto('/login');
      await tab.page.getByLabel('Email').fill('benched@example.com');
      await tab.page.getByLabel('Name').fill('Ben Benched');
      await tab.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await tab.page.waitForURL((url) => url.pathname === '/inactive');
      await expect(tab.page.getByTestId('inactive-reason').textContent()).resolves.toContain('An administrator has disabled your account');
      await expect(tab.page.getByText('If your account is new').count()).resolves.toBe(0);
    } finally {
      await tab.close();
    }
  });
});

describe('public pages without dead ends', { timeout: 60_000 }, () => {
  it('/veterans and the home button say the veterans site is coming instead of leaving for a placeholder host', async () => {
    const tab = await openAs(null);
    try {
      await tab.page.goto('/');
      const button = tab.page.getByRole('button', { name: /Veterans Resources/ });
      await expect(button.isDisabled()).resolves.toBe(true);
      await expect(button.textContent()).resolves.toContain('Soon');
      await tab.page.goto('/veterans');
      await tab.page.getByRole('heading', { name: 'Veterans Resources are coming soon' }).waitFor();
      // The page has settled (no request for half a second) and is still ours.
      await tab.page.waitForLoadState('networkidle');
      expect(new URL(tab.page.url()).origin).toBe(new URL(app.url).origin);
      await tab.page.getByRole('link', { name: 'Back to the home page' }).click();
      await tab.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await tab.close();
    }
  });

  it('/contact shows the built-in form, which stores the message and thanks; an admin reads it on /admin/messages', async () => {
    const visitor = await openAs(null);
    try {
      await visitor.page.goto('/contact');
      const form = visitor.page.getByRole('form', { name: 'Contact form' });
      await form.getByLabel('Name').fill('Vera Visitor');
      await form.getByLabel('Email').fill('vera@example.com');
      await form.getByLabel('Message').fill('Do you offer a plan for non-profits?');
      await form.getByRole('button', { name: 'Send message' }).click();
      await visitor.page.getByRole('heading', { name: 'Thank you for your message!' }).waitFor();
    } finally {
      await visitor.close();
    }

    const tab = await openAs(admin);
    try {
      await tab.page.goto('/admin/orgs');
      await tab.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
      const message = tab.page.getByRole('row').filter({ hasText: 'Do you offer a plan for non-profits?' });
      await message.waitFor();
      await expect(message.textContent()).resolves.toContain('vera@example.com');
      await expect(message.textContent()).resolves.toContain('Vera Visitor');
    } finally {
      await tab.close();
    }
  });

  it('/support shows the same built-in form to a member', async () => {
    const member = await activeMember(app.url, admin, 'helpme@example.com', 'Hal Help');
    await createOrgFor(app, member.id, 'Help Co');
    const tab = await openAs(member.client);
    try {
      await tab.page.goto('/support');
      const form = tab.page.getByRole('form', { name: 'Contact form' });
      await expect(form.getByLabel('Email').inputValue()).resolves.toBe('helpme@example.com');
      await form.getByLabel('Message').fill('How do I add an advisor?');
      await form.getByRole('button', { name: 'Send message' }).click();
      await tab.page.getByRole('heading', { name: 'Thank you for your message!' }).waitFor();
    } finally {
      await tab.close();
    }
  });
});
