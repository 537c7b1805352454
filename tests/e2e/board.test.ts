import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { boardAssistant, ledgerOf } from '../support/board';
import { closeContexts, loadUntil, workerBrowser, newPage, type TestPage } from '../support/browser';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { Client } from '../support/http';
import { activeMember, signInAdmin } from '../support/identity';
import { TEST_LLM_KEY } from '../support/llm-client';
import { grantCredits } from '../support/orgs';

let t: TestApp;
let browser: Browser;
let admin: Client;
let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm();
  [t, browser] = await Promise.all([
    startApp({ env: { LLM_BASE_URL: llm.url, LLM_API_KEY: TEST_LLM_KEY, LLM_TIMEOUT_MS: '5000', LLM_MAX_RETRIES: '1' } }),
    workerBrowser(),
  ]);
  admin = await signInAdmin(t.url);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await t?.close();
  await llm?.close();
});

/** A signed-in member of a fresh organization holding `credits`, with a project; third-party hosts are offline. */
async function memberTab(email: string, credits: number): Promise<{ tab: TestPage; orgId: string; projectId: string }> {
  await activeMember(t.url, admin, email);
  const tab = await newPage(browser, t.url);
  await tab.context.route((url) => url.origin !== t.url, (route) => route.abort());
  const headers = { origin: t.url };
  expect((await tab.context.request.post(`${t.url}/api/auth/dev-login`, { data: { email, name: 'Bo Board' }, headers })).status()).toBe(200);
  expect((await tab.context.request.post(`${t.url}/api/me/profile/update`, { data: { name: 'Bo Board', orgName: `Board Co ${email}` }, headers })).status()).toBe(200);
  const orgId = (await t.db.query('SELECT organization_id FROM users WHERE email = $1', [email])).rows[0].organization_id as string;
  if (credits > 0) await grantCredits(t, orgId, credits);
  const project = await tab.context.request.post(`${t.url}/api/projects`, { data: { name: 'Pricing review', description: '' }, headers });
  expect(project.status()).toBe(201);
  return { tab, orgId, projectId: (await project.json()).id };
}

const shots = process.env.BOARD_SHOTS;

/** A three-round meeting of two advisors, the second chairing: its answers and synthesis scripted on the fake provider. */
async function scriptMeeting(prefix: string) {
  const strategist = await boardAssistant(admin, { name: `${prefix} Strategist` });
  const analyst = await boardAssistant(admin, { name: `${prefix} Analyst` });
  for (const r of [1, 2, 3]) {
    llm.script(strategist.model, { type: 'text', pieces: [`Strategist `, `round ${r}: raise by 5%.`], usage: { prompt_tokens: 300, completion_tokens: 100 } });
    llm.script(analyst.model, { type: 'text', pieces: [`Analyst round ${r}: hold prices.`], usage: { prompt_tokens: 300, completion_tokens: 100 } });
  }
  llm.script(analyst.model, {
    type: 'json',
    value: {
      summary: 'Test a 5% rise on new customers first.',
      consensus: ['Protect existing customers'],
      dissent: [{ point: 'Whether to raise now', advisors: [`${prefix} Analyst`] }],
      decisions: ['Run a two-week test'],
      actionItems: [{ title: 'Email the ten largest clients', owner: 'Ana', due: 'Friday' }],
      risks: ['Churn'],
    },
    usage: { prompt_tokens: 900, completion_tokens: 300 },
  });
  return { strategist, analyst };
}

describe('the advisory board in the browser', { timeout: 120_000 }, () => {
  for (const width of [1280, 390]) {
    it(`runs a three-round meeting with a synthesis, quoted before it starts and paid exactly, at ${width} px`, async () => {
      const prefix = `W${width}`;
      const { strategist, analyst } = await scriptMeeting(prefix);
      const { tab, orgId, projectId } = await memberTab(`bo-${width}@example.com`, 500);
      const { page } = tab;
      if (width !== 1280) await page.setViewportSize({ width, height: 844 });
      try {
        await page.goto(`/project/${projectId}`);
        const members = page.getByRole('list', { name: 'Board members' });
        await members.getByText(strategist.name).waitFor();
        // With no company profile the board says it knows nothing of the business; the owner's link leads to the form.
        const untold = page.getByTestId('board-untold');
        await untold.waitFor();
        if (width === 1280) {
          await untold.getByRole('link', { name: 'Fill in the company profile' }).click();
          await page.waitForURL('**/org#company-profile');
          const form = page.getByRole('form', { name: 'Company profile' });
          await expect.poll(() => form.evaluate((el) => { const top = el.getBoundingClientRect().top; return top >= 0 && top < window.innerHeight; })).toBe(true);
          await form.getByLabel('Industry').fill('Software consultancy');
          await form.getByRole('button', { name: 'Save company profile' }).click();
          await page.getByText('Company profile saved').waitFor();
          await page.goBack();
          await members.getByText(strategist.name).waitFor();
          expect(await page.getByTestId('board-untold').count()).toBe(0);
        }
        // Only this test's two advisors sit on the board; the chair is the analyst; three rounds.
        for (const box of await members.getByRole('checkbox').all()) {
          const label = (await box.getAttribute('aria-label')) ?? '';
          const wanted = label.startsWith(strategist.name) || label.startsWith(analyst.name);
          if ((await box.isChecked()) !== wanted) {
            await box.click();
            await page.waitForFunction(([l, w]) => (document.querySelector(`input[aria-label="${l}"]`) as HTMLInputElement | null)?.checked === w, [label, wanted] as const);
          }
        }
        await page.getByLabel('Rounds').selectOption('3');
        await page.getByLabel('Chair').selectOption({ label: analyst.name });
        await page.getByText(/^at most \d+ credits$/).waitFor();
        await page.getByLabel('Your question').fill('Should we raise prices?');
        const quoted = await page.getByText(/^at most \d+ credits$/).textContent();
        await page.getByRole('button', { name: 'Ask the board' }).click();

        const session = page.getByRole('listitem', { name: 'Board session' });
        for (const r of [1, 2, 3]) {
          await session.getByRole('article', { name: `Answer of ${strategist.name}, round ${r}` }).getByText(`Strategist round ${r}: raise by 5%.`).waitFor();
          await session.getByRole('article', { name: `Answer of ${analyst.name}, round ${r}` }).getByText(`Analyst round ${r}: hold prices.`).waitFor();
        }
        const synthesis = session.getByRole('article', { name: 'Synthesis' });
        await synthesis.getByText('Test a 5% rise on new customers first.').waitFor();
        await synthesis.getByText('Email the ten largest clients').waitFor();
        await synthesis.getByRole('heading', { name: 'Dissent' }).waitFor();
        // Round 2 heard round 1: the analyst's second request carried the strategist's first answer.
        expect(JSON.stringify(llm.requestsFor(analyst.model)[1].body.messages)).toContain('Strategist round 1: raise by 5%.');
        // Each advisor call: 300 input and 100 output tokens at 1 and 3 credits per 1,000, 0.3 on each meter,
        // carried until a meter reaches a whole credit: round 1 takes 0, round 2's second call 1 + 1 (1.2 on
        // each), round 3 0 (1.8), the synthesis (0.9 + 0.9) 1 + 1 (2.7): 4 in all, 0.7 per meter pending.
        await session.getByText('Boardroom · 2 advisors · 3 rounds · 4 credits').waitFor();
        // Each call says its credits and the tokens /usage counts for it.
        const cost = (article: ReturnType<typeof session.getByRole>) => article.locator('.board-answer__cost').innerText();
        expect(await cost(session.getByRole('article', { name: `Answer of ${analyst.name}, round 1` }))).toBe('0 credits · 400 tokens (under a credit: carried to the next call)');
        expect(await cost(synthesis)).toBe('2 credits · 1,200 tokens');
        // When it was held, in the format of every date and time of the app.
        const held = session.locator('.board-session__summary time');
        expect(await held.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
        expect(await held.textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+$/);
        // On one line, even at 390 px where the summary wraps (it once broke as '2026-12-' and '02 14:25 UTC').
        expect(await held.evaluate((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size)).toBe(1);
        const ledger = await ledgerOf(t, orgId);
        expect(ledger).toMatchObject({ spent: 4, balance: 496, held: 0 });
        expect(ledger.placed).toHaveLength(7);
        expect(Number(/\d+/.exec(quoted ?? '')![0])).toBeGreaterThanOrEqual(4);
        const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, session: document.querySelector('.board-session')!.getBoundingClientRect().right }));
        expect(size.scrollWidth).toBeLessThanOrEqual(size.width);
        expect(size.session).toBeLessThanOrEqual(size.width);
        if (shots) await page.screenshot({ path: `${shots}/board-${width}.png`, fullPage: true });
        expect(await page.content()).not.toContain(TEST_LLM_KEY);
        // A structured synthesis is never shown as raw JSON.
        expect(await session.textContent()).not.toContain('"actionItems"');
        expect(tab.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);

        if (width === 1280) {
          // On Usage the meeting counts as its model's tokens at the rate card's exact prices (7 calls of
          // the default's meters, 5.4 credits), of which the 4 whole credits reached were taken.
          const meter = (name: string) => page.getByTestId('usage-meter').filter({ hasText: name });
          await loadUntil(page, '/usage', 'the meeting on the usage page', async () => {
            await page.getByTestId('usage-meter').or(page.getByTestId('usage-empty')).first().waitFor();
            return (await meter('llm.default.output_tokens').count()) > 0;
          });
          expect(await meter('llm.default.input_tokens').locator('figcaption').innerText()).toContain('2,700 tokens · 2.7 credits · 7 events');
          expect(await meter('llm.default.output_tokens').locator('figcaption').innerText()).toContain('900 tokens · 2.7 credits · 7 events');
          expect(await page.getByTestId('usage-board-note').innerText()).toContain('charged as usage events are: the whole credits each meter reaches');
          // The profile's balance says what is carried: 0.7 on each meter.
          await page.goto(`${t.url}/profile`);
          expect(await page.getByTestId('credit-pending').innerText()).toBe('Metered use not charged yet: 1.4 credits, taken as each meter reaches a whole credit.');
          // A call that took no whole credit says so in the credit history, beside its "0".
          const noCredit = page.getByRole('row').filter({ hasText: `${analyst.name}, round 1` });
          await expect.poll(() => noCredit.count()).toBeGreaterThan(0);
          for (const row of await noCredit.all()) expect(await row.innerText()).toMatch(/\b0\s+Board · .*round 1 — under a credit: carried to the next use$/);

          // The admin history lists a capture's tokens: the newest is the synthesis's (900 in, 300 out).
          const auditor = await newPage(browser, t.url);
          try {
            expect((await auditor.context.request.post(`${t.url}/api/auth/dev-login`, { data: { email: 'admin@example.com', name: 'Ada Admin' }, headers: { origin: t.url } })).status()).toBe(200);
            const tables = auditor.page.getByTestId('usage-lines');
            await loadUntil(auditor.page, `/admin/history/org-${orgId}`, "the captures' tokens", async () => (await tables.count()) > 0);
            const rows = await tables.first().locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
            expect(rows).toEqual([
              ['llm.default.input_tokens', '900', '0.9'],
              ['llm.default.output_tokens', '300', '0.9'],
            ]);
            // And what it left carried: 2.7 on each meter, 2 taken.
            expect(await auditor.page.getByTestId('usage-carried').first().innerText()).toBe("Carried to each meter's next use: llm.default.input_tokens 0.7 · llm.default.output_tokens 0.7");
          } finally {
            await auditor.close();
          }
        }

        // Its shared page, signed out, shows the synthesis whole (the dissent was once left out), and no credits.
        const sessionId = (await (await tab.context.request.get(`${t.url}/api/projects/${projectId}/sessions`)).json()).data[0].sessionId;
        const share = await tab.context.request.post(`${t.url}/api/sessions/${sessionId}/share`, { headers: { origin: t.url } });
        expect(share.status()).toBe(201);
        const reader = await newPage(browser, t.url);
        try {
          await reader.page.setViewportSize({ width, height: 844 });
          await reader.page.goto((await share.json()).url);
          const shared = reader.page.getByRole('article', { name: 'Synthesis' });
          await shared.getByText('Test a 5% rise on new customers first.').waitFor();
          for (const part of ['Consensus', 'Dissent', 'Decisions', 'Action items', 'Risks']) await shared.getByRole('heading', { name: part }).waitFor();
          await shared.getByText('Whether to raise now').waitFor();
          await shared.getByText('Email the ten largest clients').waitFor();
          // The question is the page's title, said once (it was said again under it).
          expect(await reader.page.getByRole('heading', { name: 'Should we raise prices?' }).count()).toBe(1);
          expect(await reader.page.locator('main, .page').first().textContent()).not.toMatch(/credit/i);
          expect(reader.errors).toEqual([]);
        } finally {
          await reader.close();
        }
      } finally {
        await tab.close();
      }
    });
  }

  it('tells a member whose credits cannot cover the meeting before asking, with a link to /pricing, and calls nothing', async () => {
    await boardAssistant(admin, { name: 'Lonely advisor' });
    // One credit: the box is open (at 0 it is disabled before asking), but a question's hold needs more.
    const { tab } = await memberTab('broke@example.com', 1);
    const before = llm.requests.length;
    try {
      await tab.page.goto('/');
      const projectId = (await (await tab.context.request.get(`${t.url}/api/projects`)).json())[0].id;
      await tab.page.goto(`/project/${projectId}`);
      await tab.page.getByRole('list', { name: 'Board members' }).getByText('Lonely advisor').waitFor();
      const note = tab.page.getByTestId('board-short');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/has 1 credit available; this meeting can cost up to \d+ credits/);
      expect(await note.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/pricing');
      await tab.page.getByLabel('Your question').fill('Can we afford this?');
      expect(await tab.page.getByRole('button', { name: 'Ask the board' }).isDisabled()).toBe(true);
      expect(llm.requests.length).toBe(before);
    } finally {
      await tab.close();
    }
  });

  it('tells a member whose budget cannot cover the meeting, in its words, with a link to the budgets, and calls nothing', async () => {
    await boardAssistant(admin, { name: 'Budgeted advisor' });
    const { tab, projectId } = await memberTab('budgeted@example.com', 500);
    const headers = { origin: t.url };
    const userId = (await (await tab.context.request.get(`${t.url}/api/auth/me`)).json()).user.id as string;
    const before = llm.requests.length;
    try {
      await tab.page.goto(`/project/${projectId}`);
      await tab.page.getByRole('list', { name: 'Board members' }).getByText('Budgeted advisor').waitFor();
      await tab.page.getByLabel('Your question').fill('Can my budget take this?');
      const ask = tab.page.getByRole('button', { name: 'Ask the board' });
      await expect.poll(() => ask.isDisabled(), { timeout: 10_000 }).toBe(false);
      // The budget is set after the page read the budgets: the server refuses, in the budget's words.
      const set = await tab.context.request.put(`${t.url}/api/me/org/budgets`, { data: { scope: 'member', id: userId, credits: 1, period: 'month' }, headers });
      expect(set.status()).toBe(200);
      await ask.click();
      const refusal = tab.page.locator('.board-refusal');
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/^This member's budget of 1 credit has no room for \d+ more: 0 spent See the budgets$/);
      expect(await refusal.getByRole('link', { name: 'See the budgets' }).getAttribute('href')).toBe('/org');
      // Read again, the budget is known before asking: the note says what is left, and the button waits.
      const note = tab.page.getByTestId('board-over-budget');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/^Your monthly budget has 1 credit left; this meeting can cost up to \d+ credits: fewer advisors or rounds cost less\. See the budgets$/);
      expect(await ask.isDisabled()).toBe(true);
      expect(llm.requests.length).toBe(before);
    } finally {
      await tab.close();
    }
  });
  it('writes a synthesis whose call failed again from the page, once the member asks', async () => {
    const first = await boardAssistant(admin, { name: 'Rewrite first' });
    const chair = await boardAssistant(admin, { name: 'Rewrite chair' });
    llm.script(first.model, { type: 'text', pieces: ['First: open on Sundays.'] });
    // The chair answers, then its synthesis fails (twice: the client tries once more), then is written.
    llm.script(chair.model, { type: 'text', pieces: ['Chair: only in summer.'] }, { type: 'status', status: 500 }, { type: 'status', status: 500 }, {
      type: 'json',
      value: { summary: 'Open on summer Sundays.', consensus: [], dissent: [], decisions: ['Try June'], actionItems: [], risks: [] },
    });
    const { tab, projectId } = await memberTab('rewrite@example.com', 500);
    const headers = { origin: t.url };
    try {
      const started = await tab.context.request.post(`${t.url}/api/projects/${projectId}/sessions`, {
        data: { question: 'Open on Sundays?', assistantIds: [first.id, chair.id], chairId: chair.id },
        headers,
      });
      expect(started.status()).toBe(201);
      const synthesis = tab.page.getByRole('article', { name: 'Synthesis' });
      await loadUntil(tab.page, `/project/${projectId}`, 'the failed synthesis', async () => (await synthesis.getByText(/^No synthesis:/).count()) > 0);
      await synthesis.getByRole('button', { name: 'Write the synthesis again' }).click();
      await synthesis.getByText('Open on summer Sundays.').waitFor();
      expect(await synthesis.getByText(/^No synthesis:/).count()).toBe(0);
      expect(await synthesis.getByRole('button', { name: 'Write the synthesis again' }).count()).toBe(0);
      expect(tab.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
