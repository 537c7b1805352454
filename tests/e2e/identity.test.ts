import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';

let app: TestApp;
let browser: Browser;
let admin: TestPage;
let newbie: TestPage;

/** A new tab that records its toasts. */
const openRecording = async (): Promise<TestPage> => recordToasts(await newPage(browser, app.url));

async function signInOnLoginPage(page: Page, email: string, name: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function saveProfile(page: Page, orgName: string) {
  await page.getByLabel('Organization name').fill(orgName);
  await page.getByRole('button', { name: 'Save' }).click();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  [admin, newbie] = await Promise.all([openRecording(), openRecording()]);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('a new member is let in by an admin', { timeout: 60_000 }, () => {
  it('a new account signs in and lands on /inactive', async () => {
    await signInOnLoginPage(newbie.page, 'newbie@example.com', 'New Bie');
    await newbie.page.waitForURL((url) => url.pathname === '/inactive');
    await newbie.page.getByText('Your account is not active.').waitFor();
  });

  it('the admin, sent to /profile without an organization, creates one', async () => {
    await signInOnLoginPage(admin.page, 'admin@example.com', 'Ada Admin');
    await admin.page.waitForURL((url) => url.pathname === '/profile');
    await saveProfile(admin.page, 'Admin Org');
    await toasted(admin.page, 'Profile updated!');
    await admin.page.getByTestId('credit-balance').waitFor();
    await expect(admin.page.locator('.profile-balance').textContent()).resolves.toContain('Admin Org');
  });

  it('the admin enables the new account on the users page', async () => {
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/orgs');
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    const user = row(admin.page, 'newbie@example.com');
    await user.getByText('Inactive').waitFor();
    await user.getByRole('button', { name: 'Enable newbie@example.com' }).click();
    await toasted(admin.page, 'User enabled successfully');
    await user.getByText('Active', { exact: true }).waitFor();
    await user.getByRole('button', { name: 'Disable newbie@example.com' }).waitFor();
  });

  it('the member signs in again, is sent to /profile, and a taken organization name is refused', async () => {
    // Coming back in a new browser session: the form, not the still-valid session of the first visit.
    await newbie.context.clearCookies();
    await signInOnLoginPage(newbie.page, 'newbie@example.com', 'New Bie');
    await newbie.page.waitForURL((url) => url.pathname === '/profile');
    await saveProfile(newbie.page, 'admin org');
    await toasted(newbie.page, 'Duplicate entry: orgName');
  });

  it('the member creates their organization and sees the member navigation, without Admin', async () => {
    await saveProfile(newbie.page, 'Newbie Co');
    await toasted(newbie.page, 'Profile updated!');
    await expect(newbie.page.locator('.profile-balance').textContent()).resolves.toContain('Newbie Co');
    await newbie.page.getByRole('link', { name: 'Change Plan' }).waitFor();
    const nav = newbie.page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Projects', 'Advisors', 'Support', 'Dashboard', 'New', 'Logout']) await nav.getByRole('link', { name, exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await newbie.page.getByText('Welcome!').waitFor();
  });

  it('the member who opens /admin sees a not-authorized page', async () => {
    await newbie.page.goto('/admin/users');
    await newbie.page.getByRole('heading', { name: 'Not authorized' }).waitFor();
    await expect(newbie.page.getByRole('navigation', { name: 'Admin' }).count()).resolves.toBe(0);
  });
});

describe('the admin manages roles and organizations', { timeout: 60_000 }, () => {
  it('assigns a role to the member and removes it again', async () => {
    await admin.page.goto('/admin/users');
    const user = row(admin.page, 'newbie@example.com');
    await user.getByRole('combobox', { name: 'Add role to New Bie' }).selectOption({ label: 'admin' });
    await toasted(admin.page, 'Role assigned!');
    await user.getByRole('button', { name: 'Remove role admin from New Bie' }).waitFor();
    await expect(user.getByRole('combobox', { name: 'Add role to New Bie' }).count()).resolves.toBe(0);

    await newbie.page.goto('/dashboard');
    await newbie.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();

    await user.getByRole('button', { name: 'Remove role admin from New Bie' }).click();
    await toasted(admin.page, 'Role removed.');
    await user.getByRole('combobox', { name: 'Add role to New Bie' }).waitFor();
    await expect(user.getByRole('button', { name: 'Remove role admin from New Bie' }).count()).resolves.toBe(0);
  });

  it('disables (after confirming) and enables the member organization, the table showing it at once', async () => {
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Organizations' }).click();
    const org = row(admin.page, 'Newbie Co');
    await org.getByText('Active', { exact: true }).waitFor();
    await org.getByRole('button', { name: 'Disable Newbie Co' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Disable organization?' });
    await dialog.getByText('Newbie Co').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await org.getByText('Active', { exact: true }).waitFor();
    await org.getByRole('button', { name: 'Disable Newbie Co' }).click();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await toasted(admin.page, 'Org status updated');
    await org.getByText('Inactive', { exact: true }).waitFor();
    await org.getByRole('button', { name: 'Enable Newbie Co' }).click();
    await org.getByText('Active', { exact: true }).waitFor();
    await org.getByRole('button', { name: 'Disable Newbie Co' }).waitFor();
  });

  it('says so when a toggle fails', async () => {
    await admin.page.route('**/api/admin/orgs/*/toggle-active', (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
    await row(admin.page, 'Newbie Co').getByRole('button', { name: 'Disable Newbie Co' }).click();
    await admin.page.getByRole('dialog', { name: 'Disable organization?' }).getByRole('button', { name: 'Disable' }).click();
    await toasted(admin.page, 'Failed to update org status');
    await admin.page.unroute('**/api/admin/orgs/*/toggle-active');
  });

  it('creates a role (a blank name never reaches the server) and assigns and removes a permission', async () => {
    const posts: string[] = [];
    admin.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/roles') posts.push(request.url());
    });
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Roles' }).click();
    await admin.page.getByRole('button', { name: 'Add Role' }).click();
    await toasted(admin.page, 'Role name required');
    await admin.page.getByPlaceholder('Role name').fill('   ');
    await admin.page.getByRole('button', { name: 'Add Role' }).click();
    expect(posts).toEqual([]);

    await admin.page.getByPlaceholder('Role name').fill('Auditors');
    await admin.page.getByRole('button', { name: 'Add Role' }).click();
    await toasted(admin.page, 'Role created!');
    expect(posts).toHaveLength(1);
    await admin.page.getByRole('heading', { name: 'Permissions of Auditors' }).waitFor();

    const audit = admin.page.getByRole('checkbox', { name: /^admin\.audit\.view/ });
    // The box follows the server: it changes once the permission is saved.
    await audit.click();
    await toasted(admin.page, 'Permission assigned!');
    await admin.page.waitForFunction(() => (document.querySelector('.roles__name.is-selected .roles__count')?.textContent ?? '') === '1');
    await expect(audit.isChecked()).resolves.toBe(true);
    await audit.click();
    await toasted(admin.page, 'Permission removed!');
    await admin.page.waitForFunction(() => (document.querySelector('.roles__name.is-selected .roles__count')?.textContent ?? '') === '0');
    await expect(audit.isChecked()).resolves.toBe(false);
  });

  it('lists the permission catalogue', async () => {
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Permissions' }).click();
    await admin.page.getByRole('cell', { name: 'admin.orgs.edit', exact: true }).waitFor();
    await admin.page.getByText(/Page 1 of \d+/).waitFor();
  });

  it('says so when a list cannot be loaded: an error with Retry, not an empty table, and Retry loads it', async () => {
    const pages = [
      ['Organizations', 'orgs', 'Failed to load organizations', 'The organizations could not be loaded.', 'Newbie Co'],
      ['Users', 'users', 'Failed to load users', 'The users could not be loaded.', 'newbie@example.com'],
      ['Roles', 'roles', 'Failed to load roles', 'The roles could not be loaded.', /^Auditors\d+$/],
      ['Permissions', 'permissions', 'Failed to load permissions', 'The permissions could not be loaded.', 'admin.orgs.edit'],
    ] as const;
    for (const [heading, api, message, state, content] of pages) {
      const url = `**/api/admin/${api}`;
      await admin.page.route(url, (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
      await admin.page.goto(`/admin/${api}`);
      await admin.page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
      await toasted(admin.page, message);
      const error = admin.page.getByRole('alert').filter({ hasText: state });
      await error.waitFor();
      await expect(admin.page.getByText(/^No (organizations|users|permissions|roles yet)\.$/).count()).resolves.toBe(0);
      await admin.page.unroute(url);
      await error.getByRole('button', { name: 'Retry' }).click();
      await admin.page.getByText(content, { exact: true }).first().waitFor();
      await expect(error.count()).resolves.toBe(0);
    }
  });

  it("shows the server's text when a create is refused (a duplicate role name)", async () => {
    await admin.page.goto('/admin/roles');
    await admin.page.getByPlaceholder('Role name').fill('auditors');
    await admin.page.getByRole('button', { name: 'Add Role' }).click();
    await toasted(admin.page, 'Duplicate entry: name');
    const shown = await admin.page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
    expect(shown).not.toContain('Failed to create role.');
  });

  it('showed no errors in either browser', () => {
    // The 500s above are deliberate; the browser reports each as a failed resource.
    const unexpected = (tab: TestPage) => tab.errors.filter((e) => !e.startsWith('Failed to load resource'));
    expect(unexpected(admin)).toEqual([]);
    expect(unexpected(newbie)).toEqual([]);
  });
});
