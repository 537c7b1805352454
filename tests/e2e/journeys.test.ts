import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlans, PRO_PLAN } from '../integration/stripe-support';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 12 items 4 and 12: the page a person was going to survives sign-in and organization setup. */
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  // New accounts start active here, as with `npm start`: a new buyer can go straight on.
  [app, browser] = await Promise.all([startApp({ env: { NEW_ACCOUNTS_ACTIVE: '1' } }), workerBrowser()]);
  await createPlans(await signInAdmin(app.url), PRO_PLAN);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

const open = async (): Promise<TestPage> => recordToasts(await newPage(browser, app.url));
const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function signInOnLoginPage(page: Page, email: string, name: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('the intent survives sign-in and organization setup', { timeout: 90_000 }, () => {
  it('a signed-out visitor picks Pro on /pricing, signs in, names the organization, and is back on /subscribe/plan-pro-monthly', async () => {
    const tab = await open();
    const { page } = tab;
    try {
      await page.goto('/pricing');
      await page.locator('.plan-tile').filter({ hasText: 'Pro' }).getByRole('link', { name: /Plan will be/ }).click();
      await toasted(page, 'Please log in first');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/subscribe/plan-pro-monthly');

      await signInOnLoginPage(page, 'buyer@example.com', 'Bea Buyer');
      await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('redirect') === '/subscribe/plan-pro-monthly');
      await page.getByText('then you will go back to where you were heading').waitFor();
      await page.getByLabel('Organization name').fill('Buyer Co');
      await page.getByRole('button', { name: 'Save' }).click();
      await toasted(page, 'Profile updated!');

      await page.waitForURL((url) => url.pathname === '/subscribe/plan-pro-monthly');
      await page.getByRole('heading', { name: 'Pro' }).waitFor();
      await page.getByRole('button', { name: 'Start Subscription' }).waitFor();
      expect(tab.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('a signed-out deep link to a member page goes to /login?redirect=… and back there after sign-in', async () => {
    await memberWithOrg(app, 'deep@example.com');
    const tab = await open();
    const { page } = tab;
    try {
      await page.goto('/projects?from=mail');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/projects?from=mail');
      await signInOnLoginPage(page, 'deep@example.com', 'Dee Deep');
      await page.waitForURL((url) => url.pathname === '/projects');
      expect(path(page)).toBe('/projects?from=mail');
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    } finally {
      await tab.close();
    }
  });

  it('honours only same-site relative paths: another host in ?redirect= is ignored', async () => {
    await memberWithOrg(app, 'careful@example.com');
    const tab = await open();
    const { page } = tab;
    try {
      await page.goto('/login?redirect=//evil.example/steal');
      await signInOnLoginPage(page, 'careful@example.com', 'Cal Careful');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logout' }).waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).origin).toBe(new URL(app.url).origin);
    } finally {
      await tab.close();
    }
  });
});

describe('a user without an organization', { timeout: 90_000 }, () => {
  it('is sent to /profile from a public page too, can still read /contact, and is told an empty organization name is missing', async () => {
    const tab = await open();
    const { page } = tab;
    try {
      await page.goto('/login');
      await signInOnLoginPage(page, 'orgless@example.com', 'Orla Orgless');
      await page.waitForURL((url) => url.pathname === '/profile');

      await page.goto('/about');
      await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('redirect') === '/about');
      // A member page is not even drawn on the way: it would ask the API for an organization there is none of.
      const failed: string[] = [];
      page.on('response', (res) => {
        if (new URL(res.url()).pathname.startsWith('/api/') && res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
      });
      for (const memberPage of ['/org', '/usage', '/projects', '/advisors']) {
        await page.goto(memberPage);
        await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('redirect') === memberPage);
        await page.getByLabel('Organization name').waitFor();
      }
      await page.waitForLoadState('networkidle');
      expect(failed).toEqual([]);
      await page.goto('/contact');
      await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/contact');

      await page.goto('/profile');
      await page.getByLabel('Organization name').fill('   ');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('form').getByRole('alert').filter({ hasText: 'Organization name is required.' }).waitFor();
      await toasted(page, 'Organization name is required.');
      const shown = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
      expect(shown).not.toContain('Profile updated!');
      expect(new URL(page.url()).pathname).toBe('/profile');
    } finally {
      await tab.close();
    }
  });
});

describe('the active project', { timeout: 90_000 }, () => {
  it('starts as none for each signed-in user, stays through a reload for that user, and can be cleared from the navigation', async () => {
    const first = await memberWithOrg(app, 'first@example.com');
    await memberWithOrg(app, 'second@example.com');
    expect((await first.client.post('/api/projects', { name: 'Launch', description: '' })).status).toBe(201);
    const tab = await open();
    const { page } = tab;
    const nav = page.getByRole('navigation', { name: 'Main' });
    try {
      await page.goto('/login');
      await signInOnLoginPage(page, 'first@example.com', 'Fay First');
      await nav.getByRole('link', { name: 'Logout' }).waitFor();
      await page.goto('/projects');
      await page.getByRole('list', { name: 'Projects' }).getByRole('button', { name: /Launch/ }).click();
      await nav.getByRole('link', { name: 'Launch' }).waitFor();

      await page.reload();
      await nav.getByRole('link', { name: 'Launch' }).waitFor();

      await nav.getByRole('button', { name: 'Clear the active project' }).click();
      await expect(nav.getByRole('link', { name: 'Launch' }).count()).resolves.toBe(0);
      await page.goto('/projects');
      await page.getByRole('list', { name: 'Projects' }).getByRole('button', { name: /Launch/ }).click();
      await nav.getByRole('link', { name: 'Launch' }).waitFor();

      // Another person signs in in the same tab: the first one's project is not theirs.
      await page.goto('/api/auth/logout');
      await page.goto('/login');
      await signInOnLoginPage(page, 'second@example.com', 'Sid Second');
      await nav.getByRole('link', { name: 'Logout' }).waitFor();
      await page.goto('/dashboard');
      await page.getByText('Welcome!').waitFor();
      await nav.getByRole('link', { name: 'Projects' }).waitFor();
      await expect(nav.getByRole('link', { name: 'Launch' }).count()).resolves.toBe(0);
      await expect(page.evaluate(() => JSON.stringify(sessionStorage))).resolves.not.toContain('Launch');
    } finally {
      await tab.close();
    }
  });
});

describe('a new release deployed while a tab is open', { timeout: 90_000 }, () => {
  it("loads the app again when a page's code is no longer on the server, and shows the page", async () => {
    const { client } = await memberWithOrg(app, 'release@example.com');
    const tab = await open();
    const { page, context } = tab;
    try {
      const [name, value] = client.cookie.split('=');
      await context.addCookies([{ name, value, url: app.url }]);
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Welcome!' }).waitFor();
      // The Projects page's code under the name the release before gave it: gone (as the server answers a
      // file that is not there) until the tab loads the app again.
      const asked: number[] = [];
      let loadedAgain = false;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && asked.length > 0) loadedAgain = true;
      });
      await page.route(/\/assets\/ProjectsPage-[^/]+\.js$/, async (route) => {
        asked.push(loadedAgain ? 200 : 404);
        if (!loadedAgain) return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"gone"}' });
        return route.continue();
      });
      await page.evaluate(() => ((window as unknown as { loadedBefore?: boolean }).loadedBefore = true));
      await page.getByRole('navigation').getByRole('link', { name: 'Projects', exact: true }).click();
      await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
      expect(path(page)).toBe('/projects');
      // Loaded again (what this tab set before is gone): the code was missing before, and there after.
      expect(await page.evaluate(() => (window as unknown as { loadedBefore?: boolean }).loadedBefore ?? false)).toBe(false);
      expect(asked[0]).toBe(404);
      expect(asked.at(-1)).toBe(200);
    } finally {
      await tab.close();
    }
  });
});
