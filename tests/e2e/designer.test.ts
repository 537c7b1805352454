import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import { Client } from '../support/http';
import { signInAdmin } from '../support/identity';

let t: TestApp;
let browser: Browser;
let admin: Client;
let tab: TestPage;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  [t, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(t.url);
  tab = await newPage(browser, t.url);
  page = tab.page;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const headers = { origin: t.url };
  expect((await tab.context.request.post(`${t.url}/api/auth/dev-login`, { data: { email: 'admin@example.com', name: 'Ada Admin' }, headers })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await tab?.close();
  await closeContexts(browser);
  await t?.close();
});

const row = (name: string) => page.locator(`tr[data-component="${name}"]`);

describe('the assistant designer in the browser', { timeout: 90_000 }, () => {
  it('builds a term, an array and an object, and the lists show the children by name', async () => {
    await page.goto('/admin/assistantComponents');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Assistant Components' }).waitFor();
    const termForm = page.getByRole('form', { name: 'New term' });
    await termForm.getByLabel('Name').fill('Insight');
    await termForm.getByLabel('Description').fill('One sharp observation');
    await termForm.getByRole('button', { name: 'Create' }).click();
    await row('Insight').getByText('One sharp observation').waitFor();

    await page.getByRole('link', { name: 'Arrays' }).click();
    await page.waitForURL((url) => url.search === '?type=array');
    const arrayForm = page.getByRole('form', { name: 'New array' });
    await arrayForm.getByLabel('Name').fill('Insights');
    await arrayForm.getByLabel('Component type').selectOption('term');
    await arrayForm.getByLabel('Component', { exact: true }).selectOption({ label: 'Insight' });
    await arrayForm.getByLabel('Min').fill('1');
    await arrayForm.getByLabel('Max').fill('4');
    await arrayForm.getByRole('button', { name: 'Create' }).click();
    await row('Insights').waitFor();
    expect(await row('Insights').textContent()).toContain('1–4 × Insight');

    await page.getByRole('link', { name: 'Objects' }).click();
    await page.waitForURL((url) => url.search === '?type=object');
    const objectForm = page.getByRole('form', { name: 'New object' });
    await objectForm.getByLabel('Name', { exact: true }).fill('Briefing');
    await objectForm.getByLabel('Description').fill('What the advisor hands over');
    await objectForm.getByLabel('Property 1 component').selectOption({ label: 'Insight' });
    expect(await objectForm.getByLabel('Property 1 name').inputValue()).toBe('Insight');
    await objectForm.getByLabel('Property 1 name').fill('headline');
    await objectForm.getByRole('button', { name: 'Add property' }).click();
    await objectForm.getByLabel('Property 2 type').selectOption('array');
    await objectForm.getByLabel('Property 2 component').selectOption({ label: 'Insights' });
    expect(await objectForm.getByLabel('Property 2 name').inputValue()).toBe('Insights');
    await objectForm.getByLabel('Property 2 name').fill('details');
    await objectForm.getByRole('listitem', { name: 'Property 2' }).getByRole('checkbox').uncheck();
    await objectForm.getByRole('button', { name: 'Create' }).click();
    await row('Briefing').waitFor();
    const text = await row('Briefing').textContent();
    expect(text).toContain('headline: Insight (term)');
    expect(text).toContain('details?: Insights (array)');

    const stored = await admin.get('/api/admin/components?type=object&hydrate=true&limit=99999');
    expect(stored.body.data[0].structure.map((p: { required: boolean }) => p.required)).toEqual([true, false]);
  });

  it("alerts 'Save failed' when a component cannot be saved, and says why", async () => {
    await page.goto('/admin/assistantComponents?type=term');
    const termForm = page.getByRole('form', { name: 'New term' });
    await termForm.getByLabel('Name').fill('insight');
    await termForm.getByRole('button', { name: 'Create' }).click();
    await termForm.getByRole('alert').getByText('Duplicate entry: name').waitFor();
    expect(dialogs).toEqual(['Save failed']);
    dialogs.length = 0;
  });

  it('creates an assistant with tags from the TagSelector, adds and removes a function, and shows its JSON Schema', async () => {
    const existing = await admin.post('/api/admin/tags', { name: 'Strategy', description: 'Big picture' });
    expect(existing.status).toBe(201);

    await page.goto('/admin/assistants');
    await page.getByRole('button', { name: 'New assistant' }).click();
    const dialog = page.getByRole('dialog');
    const form = dialog.getByRole('form', { name: 'Assistant' });
    await form.getByLabel('Name').fill('Chief Strategist');
    await form.getByLabel('Description').fill('Thinks ahead');
    await form.getByLabel('Task').fill('Write a briefing');
    expect(await form.getByLabel('Model').inputValue()).toBe('gpt-4');

    const tags = form.getByRole('combobox', { name: 'Tags' });
    await tags.fill('strat');
    await form.getByRole('option', { name: /Strategy/ }).waitFor();
    await tags.press('Enter');
    await form.getByRole('button', { name: 'Remove Strategy' }).waitFor();
    await tags.fill('Long-term');
    expect(await form.getByRole('option').count()).toBe(0);
    await tags.press('Enter');
    await form.getByRole('button', { name: 'Remove Long-term' }).waitFor();
    await tags.fill(' Risk ,  Growth ');
    await tags.press('Enter');
    await form.getByRole('button', { name: 'Remove Growth' }).waitFor();
    await form.getByRole('button', { name: 'Remove Risk' }).waitFor();

    await form.getByRole('checkbox', { name: 'Briefing' }).check();
    await form.getByRole('checkbox', { name: 'Ready to deploy' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').getByText('Saved').waitFor();

    const list = await admin.get('/api/admin/assistants?search=Chief');
    expect(list.body.data).toHaveLength(1);
    const saved = list.body.data[0];
    expect(saved).toMatchObject({ name: 'Chief Strategist', model: 'gpt-4', ready_to_deploy: true, task: 'Write a briefing' });
    expect(saved.tags.map((x: { name: string }) => x.name)).toEqual(['Strategy', 'Long-term', 'Risk', 'Growth']);
    expect(saved.tags[0].id).toBe(existing.body.id);

    const schema = dialog.getByTestId('assistant-schema');
    await schema.waitFor();
    expect(JSON.parse((await schema.textContent())!)).toEqual({
      type: 'object',
      description: 'What the advisor hands over',
      properties: {
        headline: { type: 'string', description: 'One sharp observation' },
        details: { type: 'array', minItems: 1, maxItems: 4, items: { type: 'string', description: 'One sharp observation' } },
      },
      required: ['headline'],
      additionalProperties: false,
    });

    const functions = dialog.getByRole('region', { name: 'Functions' });
    await functions.getByLabel('Function name').fill('fetch_market_data');
    await functions.getByLabel('Function description').fill('Looks up the market');
    await functions.getByLabel('Returns component').selectOption({ label: 'Briefing (object)' });
    await functions.getByRole('button', { name: 'Add function' }).click();
    await functions.getByText('fetch_market_data').waitFor();
    await functions.getByText('→ Briefing').waitFor();
    expect((await admin.get(`/api/admin/assistants/${saved.id}`)).body.functions).toHaveLength(1);
    // The JSON Schema panel includes the functions (issue 23 item 17), each with what it returns.
    const functionSchema = dialog.getByTestId('assistant-functions-schema');
    await functionSchema.waitFor();
    expect(JSON.parse((await functionSchema.textContent())!)).toEqual([
      { name: 'fetch_market_data', description: 'Looks up the market', returns: expect.objectContaining({ type: 'object', description: 'What the advisor hands over' }) },
    ]);

    await functions.getByRole('button', { name: 'Remove function fetch_market_data' }).click();
    await functions.getByText('No functions.').waitFor();
    expect((await admin.get(`/api/admin/assistants/${saved.id}`)).body.functions).toEqual([]);

    // A refused name says the server's reason beside the form (issue 23 item 17), no alert.
    await functions.getByLabel('Function name').fill('fetch market data!');
    await functions.getByRole('button', { name: 'Add function' }).click();
    await expect.poll(() => functions.getByTestId('function-problem').textContent()).toMatch(/^Could not add the function: .*letters, digits, _ or -/);
    expect(dialogs).toEqual([]);
    await functions.getByLabel('Function name').fill('fetch_market_data');
    await functions.getByRole('button', { name: 'Add function' }).click();
    await functions.getByText('fetch_market_data').waitFor();
    expect(await functions.getByTestId('function-problem').count()).toBe(0);

    await page.keyboard.press('Escape');
    await page.getByRole('cell', { name: 'Chief Strategist' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Strategy, Long-term, Risk, Growth' }).count()).toBe(1);

    await page.goto('/advisors');
    await page.getByRole('heading', { name: 'Chief Strategist' }).waitFor();
    await page.getByRole('list', { name: 'Tags of Chief Strategist' }).getByText('Long-term').waitFor();
  });

  it("alerts 'Save failed' when an assistant cannot be saved", async () => {
    await page.goto('/admin/assistants');
    await page.getByRole('button', { name: 'New assistant' }).click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Assistant' });
    await form.getByLabel('Name').fill('Broken');
    await page.route('**/api/admin/assistants', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }) : route.continue(),
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialogs).toEqual(['Save failed']);
    dialogs.length = 0;
    await page.unroute('**/api/admin/assistants');
  });

  it('the API tester sends same-origin /api calls with the session, and refuses other origins and bad JSON without sending', async () => {
    await page.goto('/admin/apiTest');
    const sent: string[] = [];
    const onRequest = (request: { url: () => string }) => sent.push(request.url());
    page.on('request', onRequest);
    try {
      await page.getByLabel('Method').selectOption('POST');
      await page.getByLabel('URL').fill('/api/admin/tags');
      await page.getByLabel('Payload').fill('{"name": "From tester", "description": "x"}');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(async () => page.getByTestId('api-status').textContent()).toBe('201');
      expect(JSON.parse((await page.getByTestId('api-response').textContent())!)).toMatchObject({ name: 'From tester', existing: false });
      expect(await page.getByTestId('api-response').textContent()).toContain('\n  "id"');

      sent.length = 0;
      await page.getByLabel('URL').fill('https://elsewhere.example/api/admin/tags');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').getByText("Only this site's own /api/ addresses can be called").waitFor();
      // Issue 23 item 16: the previous status and body are not shown under the new error.
      expect(await page.getByTestId('api-status').count()).toBe(0);
      expect(await page.getByTestId('api-response').count()).toBe(0);
      await page.getByLabel('URL').fill('/api/admin/tags');
      await page.getByLabel('Payload').fill('{"name": ');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').getByText('The payload is not valid JSON').waitFor();
      expect(sent).toEqual([]);

      await page.getByLabel('Method').selectOption('GET');
      await page.getByLabel('URL').fill('/api/admin/components/not-there');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(async () => page.getByTestId('api-status').textContent()).toBe('404');
    } finally {
      page.off('request', onRequest);
    }
  });
});
