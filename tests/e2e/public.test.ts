import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let appOrigin: string;

beforeAll(async () => {
  // An external contact form and veterans site as a deployment configures them (the CSP lets the form's script load, then it fails offline).
  const env = { CONTACT_FORM_SCRIPT_URL: 'https://forms.example.com/embed/contact.js', VETERANS_SITE_URL: 'https://veterans.example.org/' };
  [app, browser] = await Promise.all([startApp({ env }), workerBrowser()]);
  appOrigin = new URL(app.url).origin;
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

/** Third-party hosts do not resolve here: pages are answered by a stub, scripts fail as offline. */
async function open(path: string): Promise<TestPage> {
  const tab = await newPage(browser, app.url);
  await tab.context.route(
    (url) => url.origin !== appOrigin,
    (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ contentType: 'text/html', body: '<title>External site</title><p>External site</p>' })
        : route.abort(),
  );
  await tab.page.goto(path);
  return tab;
}

const text = (page: Page) => page.locator('body').textContent().then((t) => t ?? '');
const pageErrors = (tab: TestPage) =>
  tab.errors.filter((e) => !e.startsWith('Failed to load resource'));

async function expectTexts(path: string, texts: string[]) {
  const tab = await open(path);
  try {
    for (const expected of texts) await tab.page.getByText(expected, { exact: false }).first().waitFor();
    const body = await text(tab.page);
    for (const expected of texts) expect(body).toContain(expected);
    expect(pageErrors(tab)).toEqual([]);
  } finally {
    await tab.close();
  }
}

describe('public pages', { timeout: 60_000 }, () => {
  const landing = [
    'Veterans Resources',
    'Platform',
    'Mission',
    'Vision',
    'Reclaiming Your Time',
    'Success Stories',
    'Explore Our Tools',
    'Hello world.',
    'Dynamic tools, personalized insights and expert guidance for efficient, sustainable business strategies.',
    'To be the go-to platform for shaping business futures.',
  ];

  it('the landing page at / shows the hero, the three cards and the placeholder section', () =>
    expectTexts('/', landing));

  it('/home shows the landing page too', () => expectTexts('/home', landing));

  it('/about shows mission, vision and the five values', () =>
    expectTexts('/about', [
      'Mission',
      'Vision',
      'Values',
      'Dynamic tools, personalized insights and expert guidance',
      'To be the go-to platform for shaping business futures.',
      'Empowerment',
      'Efficiency',
      'Craftsmanship',
      'Inclusivity',
      'Transformation',
    ]));

  it('/features lists the fourteen features', async () => {
    const tab = await open('/features');
    try {
      const titles = tab.page.locator('.feature__title');
      await titles.first().waitFor();
      expect(await titles.count()).toBe(14);
      const body = await text(tab.page);
      for (const title of [
        'Customizable Advisory Boards',
        'Scenario Simulation',
        'Realistic Advisor Interactions',
        'Action-Oriented Outputs',
        'Adaptive Feedback',
        'Context-Aware Intelligence',
        'Collaboration Integrations',
        'Bias Detection and Founder Archetypes',
        'Saved Board Configurations',
        'Localized Support',
        'Competitive Benchmarking',
        'Structured Meeting Modes',
        'Visual Reports',
        'Expert Templates',
      ]) {
        expect(body).toContain(title);
      }
    } finally {
      await tab.close();
    }
  });

  it('the soon buttons on the landing cards are disabled', async () => {
    const tab = await open('/');
    try {
      for (const name of ['Reclaiming Your Time', 'Success Stories']) {
        await expect(tab.page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
      }
    } finally {
      await tab.close();
    }
  });

  it('Explore Our Tools leads to /features', async () => {
    const tab = await open('/');
    try {
      await tab.page.getByRole('link', { name: 'Explore Our Tools' }).click();
      await tab.page.waitForURL((url) => url.pathname === '/features');
      await tab.page.locator('.feature__title').first().waitFor();
    } finally {
      await tab.close();
    }
  });

  it('/contact shows its heading and a fallback when the external form cannot load', () =>
    expectTexts('/contact', ['Contact Us', 'The contact form could not be loaded']));

  it('/inactive explains that the account is not active', () =>
    expectTexts('/inactive', [
      'Your account is not active.',
      'If your account is new, an administrator will reach out',
      'If you believe this is an error, please contact us',
    ]));

  it('/login offers the Google sign-in, marked coming soon', () =>
    expectTexts('/login', ['Sign in with Google', 'Coming soon']));

  it('the footer shows the copyright, the AI-media note and the location', () =>
    expectTexts('/about', ['©', 'All rights reserved.', 'may be AI-generated']));

  it('an unknown route shows the not-found page', () =>
    expectTexts('/no-such-page', ['Page not found']));
});

describe('navigation bar', { timeout: 60_000 }, () => {
  it('is 100px high with a 75px logo', async () => {
    const tab = await open('/');
    try {
      const bar = await tab.page.locator('header.navbar').boundingBox();
      const logo = tab.page.locator('img.navbar__logo');
      await logo.evaluate((img: HTMLImageElement) => img.decode());
      const logoBox = await logo.boundingBox();
      expect(bar?.height).toBe(100);
      expect(logoBox?.height).toBe(75);
    } finally {
      await tab.close();
    }
  });

  it('shows About, Features, Pricing, Contact and Login to a visitor on public paths', async () => {
    const tab = await open('/about');
    try {
      const nav = tab.page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Login' }).waitFor();
      for (const name of ['About', 'Features', 'Pricing', 'Contact']) {
        await expect(nav.getByRole('link', { name }).count()).resolves.toBe(1);
      }
      await expect(nav.getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe('/login');
    } finally {
      await tab.close();
    }
  });
});

describe('redirects', { timeout: 60_000 }, () => {
  it('/veterans shows the redirect text without the navigation bar, then leaves for the veterans site', async () => {
    const tab = await newPage(browser, app.url);
    const seen: Array<{ text: string; navBar: boolean }> = [];
    try {
      await tab.context.route(
        (url) => url.origin !== appOrigin,
        (route) => route.fulfill({ contentType: 'text/html', body: '<title>Veterans</title><p>Veterans site</p>' }),
      );
      // Reading a page that is leaving can hang, so the page reports what it shows as it renders.
      await tab.page.exposeFunction('recordView', (view: { text: string; navBar: boolean }) => seen.push(view));
      await tab.page.addInitScript(() => {
        const report = () => {
          if (!document.body || location.pathname !== '/veterans') return;
          const view = { text: document.body.innerText, navBar: !!document.querySelector('header.navbar') };
          (window as unknown as { recordView: (v: typeof view) => void }).recordView(view);
        };
        new MutationObserver(report).observe(document, { childList: true, subtree: true, characterData: true });
      });

      await tab.page.goto('/veterans', { waitUntil: 'commit' });
      await tab.page.waitForURL((url) => url.origin !== appOrigin, { timeout: 15_000 });

      const redirecting = seen.find((view) => view.text.includes('Redirecting to Veterans Resources...'));
      expect(redirecting).toBeDefined();
      expect(redirecting?.navBar).toBe(false);
      expect(new URL(tab.page.url()).origin).not.toBe(appOrigin);
    } finally {
      await tab.close();
    }
  });

  it('a visitor coming back from a failed sign-in goes to /inactive', async () => {
    for (const search of ['?logged_in=true', '?FAILURE']) {
      const tab = await open(`/${search}`);
      try {
        await tab.page.waitForURL((url) => url.pathname === '/inactive');
        await tab.page.getByText('Your account is not active.').waitFor();
      } finally {
        await tab.close();
      }
    }
  });

  it('a member page sends a visitor to sign in (issue 12 overrides the spec\'s home), replacing the history entry', async () => {
    const tab = await open('/about');
    try {
      await tab.page.goto('/dashboard');
      await tab.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/dashboard');
      await tab.page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await tab.page.goBack();
      await tab.page.waitForURL((url) => url.pathname === '/about');
    } finally {
      await tab.close();
    }
  });
});

describe('developer sign-in on /login', { timeout: 60_000 }, () => {
  async function signIn(email: string, name: string): Promise<TestPage> {
    const tab = await open('/login');
    await tab.page.getByLabel('Email').fill(email);
    await tab.page.getByLabel('Name').fill(name);
    await tab.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return tab;
  }

  it('a new, not yet active account ends on /inactive', async () => {
    const tab = await signIn('newcomer@example.com', 'New Comer');
    try {
      await tab.page.waitForURL((url) => url.pathname === '/inactive');
      await tab.page.getByText('Your account is not active.').waitFor();
    } finally {
      await tab.close();
    }
  });

  it('an admin is signed in and sees Dashboard, Admin, the profile link and Logout', async () => {
    const tab = await signIn('admin@example.com', 'Ada Admin');
    try {
      const nav = tab.page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Logout' }).waitFor();
      for (const name of ['Dashboard', 'Admin', 'Ada']) await nav.getByRole('link', { name }).first().waitFor();
      await expect(nav.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
      const avatar = await nav.locator('.navbar__profile img').boundingBox();
      expect([avatar?.width, avatar?.height]).toEqual([32, 32]);
      await expect(nav.getByRole('link', { name: 'Logout' }).getAttribute('href')).resolves.toBe('/api/auth/logout');
    } finally {
      await tab.close();
    }
  });
});
