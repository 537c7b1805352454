import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, newPage, workerBrowser } from '../support/browser';
import { signIn } from '../support/http';
import { ADMIN_EMAIL, signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 24 in the browser: inviting, joining (1280 and 390 px), changing a role, setting budgets, seeing who spends, the budget banner, admins' teams. */
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  await memberWithOrg(app, 'team-owner@example.com', 100);
  const plan = { id: 'plan-team', name: 'Team', description: 'A plan a member cannot buy', price_usd: 20, monthly_credits: 1000, one_time_credits: 0, is_one_time: false };
  expect((await (await signInAdmin(app.url)).post('/api/admin/subscriptions', plan)).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

async function signedInTab(email: string, name: string) {
  const tab = await newPage(browser, app.url);
  expect((await tab.page.request.post('/api/auth/dev-login', { data: { email, name } })).status()).toBe(200);
  return tab;
}
const ownerTab = () => signedInTab('team-owner@example.com', 'Team Owner');

/**
 * Searches the admin organizations for `text` and waits until the list shows only the matches (the
 * header row besides): the search applies after a pause (300 ms), and a click on a row that the
 * list then moves can land on another one; the likely cause of a clean run on a slow machine waiting
 * 30 s for the owner in the members dialog.
 */
async function searchOrgs(page: Page, text: string) {
  await page.getByPlaceholder('Search organizations...').fill(text);
  await expect.poll(() => page.getByRole('row').filter({ hasNotText: text }).count()).toBe(1);
}

/** The page is no wider than the viewport (no horizontal scrolling). */
const fits = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The owner invites on /org and reads the link shown once. */
async function inviteOnPage(email: string, role: 'member' | 'billing') {
  const { page } = await ownerTab();
  await page.goto('/org');
  await page.getByLabel('Email to invite').fill(email);
  await page.getByLabel('Role of the invitee').selectOption(role);
  await page.getByRole('button', { name: 'Invite' }).click();
  const link = page.getByLabel('Invitation link');
  await link.waitFor();
  expect(await page.getByRole('status').innerText()).toContain('Email is not set up on this server');
  return { page, url: await link.inputValue() };
}

/** A new account opens the link, signs in with the invited email, accepts and lands on /org. */
async function joinAt(width: number, email: string, url: string) {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto(new URL(url).pathname);
  await page.getByRole('link', { name: /Sign in as/ }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('New Colleague');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const accept = page.getByRole('button', { name: /Accept and join/ });
  // Styled as the app's primary buttons (it once had class names no style knew), its card inside the page's margins.
  const look = await accept.evaluate((button) => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--color-deep-teal)';
    document.body.append(probe);
    const teal = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return { background: getComputedStyle(button).backgroundColor, teal, cardLeft: button.closest('.card')!.getBoundingClientRect().left };
  });
  expect(look.background).toBe(look.teal);
  expect(look.cardLeft).toBeGreaterThanOrEqual(16);
  await accept.click();
  await page.waitForURL('**/org');
  await page.getByRole('heading', { name: 'Your organization' }).waitFor();
  await fits(page, width);
  return page;
}

describe('teams in the browser', { timeout: 120_000 }, () => {
  it('invites, joins at 1280 px, changes the role and sets a budget the member sees', async () => {
    const { page: owner, url } = await inviteOnPage('colleague-wide@example.com', 'member');
    const member = await joinAt(1280, 'colleague-wide@example.com', url);
    expect(await member.getByText('You are a member').count()).toBe(1);
    // The page names the organization the member joined (the owner's, named by the test's setup).
    expect(await member.locator('.org-page__name').innerText()).toMatch(/^Org [0-9a-f]{8}$/);
    expect(await member.getByRole('button', { name: 'Invite' }).count()).toBe(0);

    // The profile offers a member only what a member may use: the organization's name is the owners' to
    // change, and billing, auto top-up, the ledger's export and the integrations are not offered.
    await member.goto('/profile');
    await member.getByTestId('billing-managed-by').waitFor();
    expect(await member.getByLabel('Organization name').getAttribute('readonly')).not.toBeNull();
    expect(await member.getByText('Only an owner of the organization can rename it.').count()).toBe(1);
    for (const name of ['Manage billing', 'Save auto top-up', 'Export ledger', 'Create key']) expect(await member.getByRole('button', { name }).count()).toBe(0);
    expect(await member.getByRole('heading', { name: 'Integrations' }).count()).toBe(0);
    // Where more credits come from, said to a member: who may buy them, not a link to a purchase they cannot make.
    expect((await owner.request.put('/api/me/alerts', { data: { lowBalanceCredits: 1000 } })).status()).toBe(200);
    await member.reload();
    const low = member.getByTestId('credit-alert-banner');
    await expect.poll(() => low.innerText()).toContain("Your organization's owners and billing members can buy more.");
    expect(await low.getByRole('link', { name: 'Buy credits' }).count()).toBe(0);
    await owner.goto('/profile');
    expect(await owner.getByTestId('credit-alert-banner').getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/pricing');
    expect((await owner.request.put('/api/me/alerts', { data: { lowBalanceCredits: null } })).status()).toBe(200);
    await owner.goto('/org');
    await member.goto('/subscribe/plan-team');
    await expect.poll(() => member.getByTestId('change-note').innerText()).toBe("Only your organization's owners and billing members can buy plans and credits.");
    expect(await member.getByRole('button', { name: /Start Subscription|Buy/ }).isDisabled()).toBe(true);
    await member.goto('/org');

    // The company profile every advisor is told: the owner's to change, read by everyone else.
    const ownerProfile = owner.getByRole('form', { name: 'Company profile' });
    await ownerProfile.getByLabel('Industry').fill('Specialty coffee roasting');
    await ownerProfile.getByRole('button', { name: 'Save company profile' }).click();
    await owner.getByText('Company profile saved').waitFor();
    await member.reload();
    const memberProfile = member.getByRole('region', { name: 'Company profile' });
    await expect.poll(() => memberProfile.innerText()).toContain('Specialty coffee roasting');
    expect(await memberProfile.innerText()).toContain('Only an owner of the organization can change it.');
    expect(await member.getByRole('button', { name: 'Save company profile' }).count()).toBe(0);

    await owner.reload();
    await owner.getByLabel('Role of colleague-wide@example.com').selectOption('billing');
    await expect.poll(async () => (await owner.request.get('/api/me/org/members')).json().then((b) => b.data.find((m: { email: string }) => m.email === 'colleague-wide@example.com')?.role)).toBe('billing');

    // A member is named in the picker and on the budget as the usage chart names them: their name, then their email.
    await owner.getByLabel('Member', { exact: true }).selectOption({ label: 'New Colleague (colleague-wide@example.com)' });
    await owner.getByLabel('Credits', { exact: true }).fill('3000');
    await owner.getByRole('button', { name: 'Set budget' }).click();
    await expect.poll(() => owner.getByLabel('Budgets').innerText()).toContain('0 spent of 3,000 this month');
    expect(await owner.getByLabel('Budgets').locator('.org-row__who', { hasText: 'colleague-wide@example.com' }).innerText()).toBe('New Colleague colleague-wide@example.com');
    await member.reload();
    await expect.poll(() => member.getByLabel('Budgets').innerText()).toContain('of 3,000 this month');

    // Removing the member asks first, then they are gone from the list.
    await owner.getByTestId('member-colleague-wide@example.com').getByRole('button', { name: 'Remove' }).click();
    const removing = owner.getByRole('dialog', { name: 'Remove this member?' });
    await expect.poll(() => removing.innerText()).toContain("loses the organization's credits, projects and board at once");
    await removing.getByRole('button', { name: 'Remove member' }).click();
    await owner.getByTestId('member-colleague-wide@example.com').waitFor({ state: 'detached' });
    expect((await (await owner.request.get('/api/me/org/members')).json()).data.map((m: { email: string }) => m.email)).not.toContain('colleague-wide@example.com');
  });

  it('joins at 390 px and the pages fit the phone', async () => {
    const { url } = await inviteOnPage('colleague-phone@example.com', 'billing');
    const member = await joinAt(390, 'colleague-phone@example.com', url);
    expect(await member.getByText('You are a billing member').count()).toBe(1);
    // Billing: budgets, but not people.
    expect(await member.getByRole('button', { name: 'Set budget' }).count()).toBe(1);
    expect(await member.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await member.getByLabel(/^Role of /).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Remove', exact: true }).count()).toBe(0);
    await member.goto(new URL(url).pathname);
    await member.getByRole('alert').waitFor();
    expect(await member.getByRole('alert').innerText()).toContain('no longer valid');
  });

  it('shows this month\'s usage per member and project, sets a project budget, and warns the member at 80% once', async () => {
    const { page: owner, url } = await inviteOnPage('colleague-spender@example.com', 'member');
    const member = await joinAt(1280, 'colleague-spender@example.com', url);
    const memberId = (await (await member.request.get('/api/auth/me')).json()).user.id as string;
    const project = await owner.request.post('/api/projects', { data: { name: 'Atlas', description: '' } });
    const projectId = (await project.json()).id as string;
    expect((await owner.request.put('/api/me/org/budgets', { data: { scope: 'member', id: memberId, credits: 30, period: 'month' } })).status()).toBe(200);
    for (const [credits, key] of [[20, 'a'], [4, 'b']] as const) {
      const spent = await member.request.post('/api/usage', { data: { credits, description: 'work', idempotencyKey: `spender-${key}`, projectId } });
      expect(spent.status()).toBe(200);
    }

    // The owner sets a project budget with the form (scope: a project, the project picker).
    await owner.reload();
    await owner.getByLabel('Budget for').selectOption('project');
    await owner.getByLabel('Project', { exact: true }).selectOption({ label: 'Atlas' });
    await owner.getByLabel('Credits', { exact: true }).fill('50');
    await owner.getByLabel('Period').selectOption('total');
    await owner.getByRole('button', { name: 'Set budget' }).click();
    await expect.poll(() => owner.getByLabel('Budgets').innerText()).toContain('project Atlas');
    expect(await owner.getByTestId(`budget-${projectId}`).innerText()).toContain('24 spent of 50 in total');

    // The chart: per member and per project, this month.
    const chart = owner.getByLabel('Usage this month');
    await expect.poll(() => chart.getByLabel('Per member').innerText()).toContain('colleague-spender@example.com');
    expect(await chart.getByLabel('Per project').innerText()).toContain('Atlas');
    expect(await chart.getByTestId('usage-Atlas').innerText()).toContain('24');

    // The member's banner: 24 of 30 is 80%; dismissed, it stays away for this crossing.
    await member.reload();
    const banner = member.getByTestId('budget-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Your monthly budget: 80% used (24 of 30 credits)');
    expect(await member.getByRole('button', { name: 'Set budget' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await member.goto('/dashboard');
    await member.getByRole('heading', { name: 'Welcome!' }).waitFor();
    expect(await member.getByTestId('budget-banner').count()).toBe(0);
    // The owner has no budget: no banner.
    expect(await owner.getByTestId('budget-banner').count()).toBe(0);

    // The page with everything on it fits a phone.
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.reload();
    await owner.getByLabel('Usage this month').getByText('Atlas').waitFor();
    await fits(owner, 390);
    await owner.screenshot({ path: '/tmp/teams-org-390.png', fullPage: true });
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.screenshot({ path: '/tmp/teams-org-1280.png', fullPage: true });
  });

  it('lets an admin see each organization\'s members and roles, add an account by email and remove it; users show their organization and role', async () => {
    await signInAdmin(app.url);
    const { page: admin } = await signedInTab(ADMIN_EMAIL, 'Ada Admin');
    await signIn(app.url, 'team-newcomer@example.com', 'New Comer');
    await admin.goto('/admin/orgs');
    await searchOrgs(admin, 'team-owner@example.com');
    const row = admin.getByRole('row').filter({ hasText: 'team-owner@example.com (owner)' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Members of / }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('team-owner@example.com').waitFor();
    await dialog.getByLabel('Email of an existing account').fill('team-newcomer@example.com');
    await dialog.getByLabel('Role in the organization').selectOption('billing');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => dialog.getByTestId('admin-org-members').innerText()).toContain('team-newcomer@example.com');
    expect(await dialog.getByTestId('admin-org-members').innerText()).toMatch(/team-newcomer@example.com · billing/);
    await admin.screenshot({ path: '/tmp/teams-admin-orgs.png' });

    // The organization's history names the member behind each spend.
    const orgs = (await (await admin.request.get('/api/admin/orgs')).json()) as { id: string; members: { email: string }[] }[];
    const orgId = orgs.find((o) => o.members.some((m) => m.email === 'team-owner@example.com'))!.id;
    await admin.goto(`/admin/history/org-${orgId}`);
    await expect.poll(() => admin.getByTestId('event-member').allInnerTexts()).toContainEqual(expect.stringContaining('colleague-spender@example.com'));

    await admin.goto('/admin/users');
    await admin.getByPlaceholder('Search users...').fill('team-newcomer');
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'team-newcomer@example.com' }).innerText()).toContain('(billing)');

    await admin.goto('/admin/orgs');
    await searchOrgs(admin, 'team-owner@example.com');
    await row.getByRole('button', { name: /^Members of / }).click();
    await dialog.getByRole('button', { name: 'Remove team-newcomer@example.com' }).click();
    await expect.poll(() => dialog.getByTestId('admin-org-members').innerText()).not.toContain('team-newcomer@example.com');
  });
});
