import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlans, PACK_PLAN, PRO_PLAN } from '../integration/stripe-support';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, nameBreaks, settled, workerBrowser } from '../support/browser';
import type { Client } from '../support/http';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 12 items 9 and 10: no page is wider than a 390 px phone, and every page names itself in the tab. */
let app: TestApp;
let browser: Browser;
let admin: Client;
let member: Client;
let ids: { org: string; user: string; project: string };

const long = 'a long description that goes on to test how the table wraps and scrolls on a small screen';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(app.url, 'Northwind Traders International Holdings');
  await createPlans(admin, PRO_PLAN, PACK_PLAN);
  const m = await memberWithOrg(app, 'phone@example.com', 5000);
  member = m.client;
  for (let i = 0; i < 6; i++) {
    const used = await member.post('/api/usage', { credits: 123 + i, description: `Board session ${i}: ${long}`, idempotencyKey: `layout-${i}` });
    expect(used.status).toBe(200);
  }
  const project = await member.post('/api/projects', { name: 'Expansion into the northern region with a long name', description: long });
  expect(project.status).toBe(201);
  ids = { org: m.orgId, user: m.userId, project: project.body.id };
  // Integrations with something in them: each key and endpoint has its buttons.
  expect((await member.post('/api/me/api-keys', { name: 'Layout key' })).status).toBe(201);
  expect((await member.post('/api/me/webhook-endpoints', { url: 'https://example.com/layout-hooks' })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

/** Opens each path at 390 px (as the given session) and reports the page's width and title once it has rendered. */
async function visit(client: Client | null, paths: string[]) {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } });
  if (client) {
    const [name, value] = client.cookie.split('=');
    await context.addCookies([{ name, value, url: app.url }]);
  }
  const page = await context.newPage();
  const seen: { path: string; scrollWidth: number; innerWidth: number; title: string; broken: string[] }[] = [];
  try {
    for (const path of paths) {
      await page.goto(path);
      await rendered(page);
      seen.push({ path, ...(await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth, title: document.title }))), broken: await brokenMoments(page) });
    }
  } finally {
    await context.close();
  }
  return seen;
}

/**
 * The dates and moments on the page ('2026-12-02', '2026-12-02 14:25 UTC') whose text the browser laid
 * out over more than one line (a moment once read '2026-12-' at a line's end and '02 14:25 UTC' under it).
 */
async function brokenMoments(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const moment = /\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?(?: [A-Z][A-Za-z0-9+:-]*)?)?/g;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(moment)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** The page's main content is on screen and nothing is loading any more. */
async function rendered(page: Page) {
  await page.locator('main h1').first().waitFor();
  await settled(page, 30_000);
}

const visitor = ['/', '/about', '/features', '/pricing', '/contact', '/login', '/inactive', '/veterans', '/no-such-page'];
const memberPages = () => ['/dashboard', '/projects', '/org', `/project/${ids.project}`, '/advisors', '/support', '/profile', '/usage', '/subscribed', '/pricing', '/subscribe/plan-pro-monthly', '/subscribe/pack-500-credits'];
const adminPages = () => [
  '/admin/orgs', '/admin/users', '/admin/roles', '/admin/permissions', '/admin/subscriptions', '/admin/stripe', '/admin/rateCards', '/admin/assistantComponents',
  '/admin/assistantComponents?type=object', '/admin/assistants', '/admin/apiTest', '/admin/projections', '/admin/messages',
  `/admin/history/org-${ids.org}`, `/admin/history/user-${ids.user}`,
];

/** Every page, visited once at 390 px: both tests read the same visits. */
let visited: Promise<Awaited<ReturnType<typeof visit>>> | null = null;
const everyPage = () => (visited ??= (async () => [...(await visit(null, visitor)), ...(await visit(member, memberPages())), ...(await visit(admin, adminPages()))])());

/** A page `width` px wide signed in as `client`; its context is the caller's to close. */
async function signedIn(client: Client, width = 1280) {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width, height: 900 } });
  const [name, value] = client.cookie.split('=');
  await context.addCookies([{ name, value, url: app.url }]);
  return { context, page: await context.newPage() };
}

/** The admin organizations page at `width`, searched for the phone member's organization, and its row (closed by the caller). */
async function orgRow(width?: number) {
  const { context, page } = await signedIn(admin, width);
  try {
    await page.goto(`/admin/orgs?search=${ids.org}`);
    await rendered(page);
    const row = page.getByRole('row').filter({ hasText: 'phone@example.com (owner)' });
    await row.waitFor();
    return { context, row };
  } catch (err) {
    await context.close();
    throw err;
  }
}

describe('on a computer screen', { timeout: 120_000 }, () => {
  it("keeps the navigation within the screen at any width above the menu's, an admin's with an active project included, and names the user where there is room", async () => {
    const project = await admin.post('/api/projects', { name: 'Admin review of the northern expansion with a long name', description: '' });
    expect(project.status).toBe(201);
    for (const width of [1181, 1440, 1920]) {
      const { context, page } = await signedIn(admin, width);
      try {
        // Opening a project makes it the active one: the bar's tenth link.
        await page.goto(`/project/${project.body.id}`);
        await rendered(page);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin review', exact: false }).waitFor();
        // Seen once above 1400 px: 1,545 px of page on a 1,450 px screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    }
    const { context, page } = await signedIn(member, 1280);
    try {
      await page.goto('/dashboard');
      await rendered(page);
      const profile = page.locator('.navbar__profile');
      const name = profile.locator('.navbar__username');
      expect(await name.isVisible()).toBe(true);
      expect(await name.innerText()).toBe(await profile.getAttribute('title'));
    } finally {
      await context.close();
    }
  });
});

describe('at 390 px', { timeout: 180_000 }, () => {
  it('no page is wider than the viewport: public, member and admin pages, with data', async () => {
    const seen = await everyPage();
    expect(seen).toHaveLength(visitor.length + memberPages().length + adminPages().length);
    const wide = seen.filter((s) => s.scrollWidth > s.innerWidth).map((s) => `${s.path}: ${s.scrollWidth} px`);
    expect(wide).toEqual([]);
  });

  it('never breaks a date or a moment across two lines', async () => {
    const seen = await everyPage();
    expect(seen.filter((s) => s.broken.length > 0).map((s) => `${s.path}: ${s.broken.join(', ')}`)).toEqual([]);
  });

  it('every page has a title of its own', async () => {
    // /veterans leaves for another page on its own: its title is whichever page it was on when read.
    const seen = (await everyPage()).filter((s) => s.path !== '/veterans');
    const titled = seen.filter((s) => s.title.endsWith(' · Advisory Board')).map((s) => s.path);
    expect(seen.filter((s) => !titled.includes(s.path)).map((s) => `${s.path}: ${s.title}`)).toEqual([]);
    // Pages of one kind may share a title (/pricing twice, the components tabs); different pages do not.
    const byTitle = new Map<string, Set<string>>();
    for (const s of seen) byTitle.set(s.title, (byTitle.get(s.title) ?? new Set()).add(s.path.split('?')[0]));
    const shared = [...byTitle].filter(([, paths]) => paths.size > 1).map(([title, paths]) => `${title}: ${[...paths].join(', ')}`);
    expect(shared).toEqual([]);
    const titleOf = (path: string) => seen.find((s) => s.path === path)?.title;
    expect(titleOf('/admin/orgs')).toBe('Organizations · Advisory Board');
    expect(titleOf(`/project/${ids.project}`)).toBe('Expansion into the northern region with a long name · Advisory Board');
  });
  it("shows the profile's recent transactions and usage whole on a phone: no scrolling inside them, each amount on its date's line", async () => {
    const { context, page } = await signedIn(member, 390);
    try {
      await page.goto('/profile');
      await rendered(page);
      await page.locator('.profile-activity .table').nth(1).waitFor();
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll('.profile-activity')].map((card) => {
          const scroll = card.querySelector('.table-scroll')!;
          const row = card.querySelector('tbody tr')!;
          const date = row.querySelector('.activity__date')!.getBoundingClientRect();
          const amount = row.querySelector('.amount')!.getBoundingClientRect();
          const inside = card.getBoundingClientRect();
          return `${card.querySelector('h2')?.textContent}: ${scroll.scrollWidth - scroll.clientWidth} px hidden, amount ${Math.round(amount.top) === Math.round(date.top) ? "on the date's line" : 'elsewhere'}, ${amount.right <= inside.right ? 'inside' : 'outside'} the card`;
        }),
      );
      // Seen once: the amount and the description out of sight behind a scroll, only the date and the type showing.
      expect(cards).toEqual([
        "Recent credit transactions: 0 px hidden, amount on the date's line, inside the card",
        "Recent usage: 0 px hidden, amount on the date's line, inside the card",
      ]);
    } finally {
      await context.close();
    }
  });

  it("opens an organization's billing on a phone without widening the page", async () => {
    const { context, page } = await signedIn(admin, 390);
    try {
      await page.goto(`/admin/orgs?search=${ids.org}`);
      await rendered(page);
      await page.getByRole('row').filter({ hasText: 'phone@example.com' }).getByRole('button', { name: /^Billing of / }).click();
      const billing = page.getByTestId('org-billing');
      await billing.getByText('No subscriptions yet.').waitFor();
      // Seen once: a bare table of five headers and no rows, 435 px wide on a 390 px page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it("shows an organization's name beside its buttons on a phone, the buttons one under another and none cut off", async () => {
    const { context, row } = await orgRow(390);
    try {
      const box = await row.evaluate((tr) => {
        const actions = tr.querySelector('.paged-table__actions')!.getBoundingClientRect();
        const name = (tr as HTMLTableRowElement).cells[1].getBoundingClientRect();
        const scroll = tr.closest('.paged-table__scroll')!.getBoundingClientRect();
        const buttons = [...tr.querySelectorAll('.paged-table__actions button')].map((b) => b.getBoundingClientRect());
        return { nameShown: actions.left - name.left, columns: new Set(buttons.map((b) => Math.round(b.left))).size, buttonsRight: Math.max(...buttons.map((b) => b.right)), scrollRight: scroll.right };
      });
      // Seen before: six buttons side by side took 230 px of the 340 px table, and 5 px of the name showed.
      expect(box.nameShown).toBeGreaterThanOrEqual(60);
      expect(box.columns).toBe(1);
      expect(box.buttonsRight).toBeLessThanOrEqual(box.scrollRight);
    } finally {
      await context.close();
    }
  });

  it("fits the rate card's prices in its table, each meter's name wrapping only after a dot or an underscore", async () => {
    const entries = [
      { meter: 'api.call', unit: 'call', description: "A call to your product's API", creditsPerUnit: 0.5 },
      { meter: 'llm.default.input_tokens', unit: 'token', description: 'Input tokens of any other model', creditsPerUnit: 0.001 },
      { meter: 'llm.default.output_tokens', unit: 'token', description: 'Output tokens of any other model', creditsPerUnit: 0.003 },
    ];
    expect((await admin.post('/api/admin/rate-cards', { entries })).status).toBe(201);
    const { context, page } = await signedIn(admin, 390);
    try {
      await page.goto('/admin/rateCards');
      await rendered(page);
      const table = page.getByTestId('rate-card-current').locator('.rate-card__table');
      await table.waitFor();
      const seen = await nameBreaks(table);
      expect(seen.names).toBeGreaterThan(0);
      // Seen once: "api.cal" and "l" on two lines, and the prices out of sight behind a scroll.
      expect(seen.inside).toEqual([]);
      expect(seen.hidden).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('at 1280 px', { timeout: 120_000 }, () => {
  it('shows each organization\'s members and last billing on the admin organizations page, none of it under the actions', async () => {
    const { context, row } = await orgRow();
    try {
      const box = await row.evaluate((tr) => {
        const actions = tr.querySelector('.paged-table__actions')!.getBoundingClientRect();
        const members = tr.querySelector('.admin-org-members')!.getBoundingClientRect();
        const scroll = tr.closest('.paged-table__scroll')!;
        return { membersRight: members.right, membersWidth: members.width, actionsLeft: actions.left, hidden: scroll.scrollWidth - scroll.clientWidth, billing: (tr as HTMLTableRowElement).cells[4].textContent };
      });
      expect(box.billing).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d /);
      // Whole beside the actions: an email a column of one letter wide (seen once) or run under them is neither.
      expect(box.membersRight).toBeLessThanOrEqual(box.actionsLeft);
      expect(box.membersWidth).toBeGreaterThan(120);
      expect(box.hidden).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("draws every field and button of the member's and the admin's pages in the app's style, none as the browser's bare control", async () => {
    const seen: string[] = [];
    for (const [client, paths] of [
      [member, ['/profile', `/project/${ids.project}`, '/org', '/usage', '/dashboard', '/projects', '/support']],
      [admin, ['/admin/orgs', '/admin/users', '/admin/subscriptions', '/admin/rateCards', '/admin/assistants', '/admin/assistantComponents', '/admin/apiTest', '/admin/projections']],
    ] as const) {
      const { context, page } = await signedIn(client);
      try {
        for (const path of paths) {
          await page.goto(path);
          await rendered(page);
          const bare = await page.evaluate(() => {
            // The browser's own button, to tell a button left to it from one the app drew.
            const probe = document.body.appendChild(document.createElement('button'));
            const browsers = getComputedStyle(probe).backgroundColor;
            probe.remove();
            const found: string[] = [];
            for (const el of document.querySelectorAll<HTMLElement>('main input, main select, main textarea, main button')) {
              const type = el.getAttribute('type') ?? '';
              if (['checkbox', 'radio', 'file', 'hidden'].includes(type) || el.offsetParent === null || (el as HTMLButtonElement).disabled) continue;
              const css = getComputedStyle(el);
              const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
              if (el.tagName === 'BUTTON' ? css.backgroundColor === browsers : css.borderTopLeftRadius === '0px' || parseFloat(css.paddingLeft) < 4) found.push(name);
            }
            return found;
          });
          seen.push(...bare.map((b) => `${path}: ${b}`));
        }
      } finally {
        await context.close();
      }
    }
    // Seen once: the integrations' fields and buttons (a key's Revoke, an endpoint's Deliveries and Remove), the auto top-up's and billing's buttons, the organization's selects, the model prices' fields.
    expect(seen).toEqual([]);
  });

  it("shows the profile's recent transactions and usage whole in their half-width cards, with no scrolling inside them, each description across its card", async () => {
    const { context, page } = await signedIn(member);
    try {
      await page.goto('/profile');
      await rendered(page);
      await page.getByRole('heading', { name: 'Recent usage' }).waitFor();
      await page.locator('.profile-activity .table').nth(1).waitFor();
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll('.profile-activity')].map((card) => {
          const scroll = card.querySelector('.table-scroll');
          const table = card.querySelector('table')!.getBoundingClientRect();
          const description = card.querySelector('tbody tr .activity__description')!.getBoundingClientRect();
          return {
            title: card.querySelector('h2')?.textContent,
            cardWidth: Math.round(card.getBoundingClientRect().width),
            hidden: scroll ? scroll.scrollWidth - scroll.clientWidth : 0,
            descriptionShare: description.width / table.width,
          };
        }),
      );
      expect(cards.map((c) => c.title)).toEqual(['Recent credit transactions', 'Recent usage']);
      // Side by side, each about half of the page's width: and each table fits its card.
      for (const c of cards) expect(c.cardWidth, c.title ?? '').toBeLessThan(640);
      expect(cards.map((c) => `${c.title}: ${c.hidden} px hidden`)).toEqual(['Recent credit transactions: 0 px hidden', 'Recent usage: 0 px hidden']);
      // Seen once: as a four-column table in a half-width card, a board meeting's long description had a
      // sixth of the card and its row ten lines. Each row is now a block, its description under the rest.
      for (const c of cards) expect(c.descriptionShare, c.title ?? '').toBeGreaterThan(0.9);
    } finally {
      await context.close();
    }
  });
});
