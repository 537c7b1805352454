import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';
import { Webhook } from 'standardwebhooks';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { boardAssistant, projectOf, sessionDone } from '../support/board.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';

let t: TestApp;
let llm: FakeLlm;
let admin: Client;
let hooks: Server;
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  llm = await startFakeLlm();
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.end();
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  t = await startApp({ env: { LLM_BASE_URL: llm.url, LLM_TIMEOUT_MS: '3000', LLM_MAX_RETRIES: '0', WEBHOOK_SWEEP_MS: '200' } });
  admin = await signInAdmin(t.url);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await new Promise<void>((resolve) => hooks?.close(() => resolve()));
});

async function member(credits = 10_000) {
  const m = await memberWithOrg(t, `rec-${randomUUID().slice(0, 8)}@example.com`, credits);
  return { ...m, projectId: await projectOf(m.client) };
}

/** A real PDF of these pages, made with pdfkit. */
function pdfOf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  pages.forEach((text, i) => (i === 0 ? doc : doc.addPage()).text(text));
  doc.end();
  return done;
}

async function upload(client: Client, projectId: string, name: string, content: Buffer | string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  const res = await fetch(`${t.url}/api/projects/${projectId}/files`, { method: 'POST', body: form, headers: { cookie: client.cookie, origin: t.url, 'x-requested-with': 'test' } });
  return { status: res.status, body: await res.json() };
}

const synthesis = {
  summary: 'Test the new price on new customers.',
  consensus: ['Raise carefully'],
  dissent: [],
  decisions: ['Two-week test'],
  actionItems: [{ title: 'Email the ten largest clients', owner: 'Ana', due: 'Friday' }],
  risks: ['Churn'],
};

describe('context files', () => {
  it('extracts a real PDF’s text on upload, gives the board the relevant passages, and each answer names its files', async () => {
    const { client, projectId } = await member();
    const pdf = await pdfOf(['Churn analysis: monthly churn rose to 4 percent after the March price change.', 'Office move: the new desks arrive in May.']);
    const stored = await upload(client, projectId, 'churn-report.pdf', pdf, 'application/pdf');
    expect(stored).toMatchObject({ status: 201, body: { name: 'churn-report.pdf', bytes: pdf.length, pages: 2 } });
    const notes = await upload(client, projectId, 'notes.md', '# Notes\n\nOur bakery supplier raised flour prices.', 'text/markdown');
    expect(notes.status).toBe(201);
    expect(notes.body.pages).toBeUndefined();
    const list = await client.get(`/api/projects/${projectId}/files`);
    expect(list.body.data.map((f: { name: string }) => f.name)).toEqual(['churn-report.pdf', 'notes.md']);

    const a = await boardAssistant(admin);
    llm.script(a.model, { type: 'text', pieces: ['Watch churn.'] });
    const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Why did churn rise after the price change?', assistantIds: [a.id] });
    const session = await sessionDone(client, res.body.sessionId);
    const system = llm.requestsFor(a.model)[0].body.messages[0].content as string;
    expect(system).toContain('Passages from the project’s files');
    expect(system).toContain('[churn-report.pdf, part 1]');
    expect(system).toContain('monthly churn rose to 4 percent');
    expect(system).not.toContain('flour');
    expect(session.answers[0].sources).toEqual([{ fileId: stored.body.id, name: 'churn-report.pdf' }]);

    expect((await client.delete(`/api/projects/${projectId}/files/${notes.body.id}`)).status).toBe(204);
    expect((await client.get(`/api/projects/${projectId}/files`)).body.data).toHaveLength(1);
  });

  it('refuses a file too large (413), of another type (415), without text (422), and another organization’s project or file (404)', async () => {
    const { client, projectId } = await member();
    expect((await upload(client, projectId, 'big.txt', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'))).status).toBe(413);
    const exe = await upload(client, projectId, 'tool.exe', 'MZ');
    expect(exe).toMatchObject({ status: 415, body: { error: 'unsupported_file_type' } });
    expect((await upload(client, projectId, 'empty.txt', '   ')).status).toBe(422);
    expect((await upload(client, projectId, 'blank.pdf', await pdfOf(['']), 'application/pdf')).status).toBe(422);
    expect((await upload(client, projectId, 'fake.pdf', 'not a pdf')).status).toBe(422);
    const mine = await upload(client, projectId, 'plan.csv', 'month,revenue\nJan,100');
    expect(mine.status).toBe(201);
    const large = await upload(client, projectId, 'minutes.txt', 'We met and decided. '.repeat(200_000));
    expect(large).toMatchObject({ status: 201, body: { bytes: 4_000_000 } });
    expect((await client.delete(`/api/projects/${projectId}/files/${large.body.id}`)).status).toBe(204);
    const other = await member();
    expect((await upload(other.client, projectId, 'x.txt', 'hello')).status).toBe(404);
    expect((await other.client.get(`/api/projects/${projectId}/files`)).status).toBe(404);
    expect((await other.client.delete(`/api/projects/${projectId}/files/${mine.body.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/projects/${other.projectId}/files/${mine.body.id}`)).status).toBe(404);
    expect((await client.get(`/api/projects/${projectId}/files`)).body.data).toHaveLength(1);
  });
});

describe('the record leaves the page', () => {
  it('exports Markdown and a PDF, shares a read-only page without credits, revokes it at once, and sends the action items as a webhook', async () => {
    const { client, projectId } = await member();
    const endpoint = await client.post('/api/me/webhook-endpoints', { url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/board`, events: ['board.action_items'] });
    expect(endpoint.status).toBe(201);
    const a = await boardAssistant(admin, { name: `Strategist ${randomUUID().slice(0, 4)}` });
    const b = await boardAssistant(admin);
    llm.script(a.model, { type: 'text', pieces: ['Raise by 5%.'] }, { type: 'json', value: synthesis });
    llm.script(b.model, { type: 'text', pieces: ['Hold prices.'] });
    const question = 'Should we raise prices this spring?';
    const sessionId = (await client.post(`/api/projects/${projectId}/sessions`, { question, assistantIds: [a.id, b.id] })).body.sessionId;
    const session = await sessionDone(client, sessionId);

    const md = await fetch(`${t.url}/api/sessions/${sessionId}/export?format=md`, { headers: { cookie: client.cookie } });
    expect(md.headers.get('content-type')).toMatch(/text\/markdown/);
    const text = await md.text();
    for (const part of [`## Question\n\n${question}`, '### Round 1', `#### ${a.name}`, 'Raise by 5%.', `### Synthesis (chair: ${a.name})`, 'Test the new price', '- Email the ten largest clients — owner: Ana — due: Friday', `Credits spent: ${session.credits}`]) {
      expect(text).toContain(part);
    }
    const pdf = await fetch(`${t.url}/api/sessions/${sessionId}/export?format=pdf`, { headers: { cookie: client.cookie } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const parsed = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(parsed.text).toContain(question);
    expect(parsed.text).toContain('Email the ten largest clients');
    expect((await client.get(`/api/sessions/${sessionId}/export?format=doc`)).status).toBe(400);

    const shared = await client.post(`/api/sessions/${sessionId}/share`, {});
    expect(shared.status).toBe(201);
    expect(shared.body.url).toBe(`/shared/${shared.body.token}`);
    const visitor = new Client(t.url);
    const page = await visitor.get(`/api/shared/${shared.body.token}`);
    expect(page.status).toBe(200);
    expect(page.body.turns[0]).toMatchObject({ question, synthesis: { result: { summary: synthesis.summary } } });
    expect(JSON.stringify(page.body)).not.toMatch(/credits|tokensIn|orgId|projectId|sessionId/);
    expect((await client.get(`/api/sessions/${sessionId}`)).body.shared).toBe(true);
    expect((await visitor.get(`/api/shared/${randomUUID()}`))).toMatchObject({ status: 404 });
    expect((await client.delete(`/api/sessions/${sessionId}/share`)).status).toBe(204);
    const gone = await visitor.get(`/api/shared/${shared.body.token}`);
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).not.toContain(question);

    const delivered = await waitFor('the action items webhook', async () => received.find((r) => r.body.includes(sessionId)));
    const message = new Webhook(endpoint.body.secret).verify(delivered.body, delivered.headers) as { type: string; data: Record<string, unknown> };
    expect(message).toMatchObject({
      type: 'board.action_items',
      data: { sessionId, projectId, question, summary: synthesis.summary, actionItems: [{ title: 'Email the ten largest clients', owner: 'Ana', due: 'Friday' }] },
    });
  });
});
