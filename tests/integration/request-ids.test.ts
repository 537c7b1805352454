import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, testConfig, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';

/** Issue 18: one id follows a debit from its HTTP log lines to its events and their history. */
let t: TestApp;
const lines: string[] = [];
let member: { client: Client; orgId: string };
let admin: Client;

beforeAll(async () => {
  t = await startApp({ env: { LOG_LEVEL: 'debug' }, build: { logStream: { write: (line: string) => void lines.push(line) } } });
  member = await memberWithOrg(t, 'ids@example.com', 10);
  admin = await signInAdmin(t.url);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const logLinesOf = (id: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);

describe('request ids', () => {
  it('keeps a proxy\'s X-Request-Id: in the answer, in every log line of the request, and as the correlation id of the events it appended, shown in the history', async () => {
    const id = 'proxy-req-0a1b2c3d4e';
    const res = await member.client.request('POST', '/api/usage', { credits: 3, description: 'traced', idempotencyKey: 'traced-1' }, { 'x-request-id': id });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const own = logLinesOf(id);
    // One line per request (issue 23 item 20), at debug, with its method, path, status and time.
    expect(own.filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ level: 20, req: expect.objectContaining({ method: 'POST', url: '/api/usage' }), res: { statusCode: 200 }, responseTime: expect.any(Number) }),
    ]);
    expect(own.some((l) => l.msg === 'incoming request')).toBe(false);
    const history = await admin.get(`/api/admin/streams/${orgStreamId(member.orgId)}/events?page=1&limit=50&sortOrder=desc`);
    expect(history.status).toBe(200);
    const debit = (history.body.data as { type: string; data: { description?: string }; metadata: Record<string, string> }[]).find(
      (e) => e.type === 'CreditsDebited' && e.data.description === 'traced',
    );
    expect(debit?.metadata.correlation_id).toBe(id);
  });

  it('makes its own id when there is none (or a malformed one), and answers it', async () => {
    const res = await member.client.request('POST', '/api/usage', { credits: 1, description: 'untraced', idempotencyKey: 'traced-2' }, { 'x-request-id': 'bad id with spaces' });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLinesOf(id!).length).toBeGreaterThanOrEqual(1);
    const event = await t.db.query(`SELECT metadata->>'correlation_id' AS c FROM events WHERE type = 'CreditsDebited' AND data->>'description' = 'untraced'`);
    expect(event.rows[0].c).toBe(id);
  });

  it('logs no line per request at the default info level (issue 23 item 20)', async () => {
    expect(testConfig(t.config.DATABASE_URL, { LOG_LEVEL: '' as never }).LOG_LEVEL).toBe('info');
    t.app.log.level = 'info';
    const from = lines.length;
    try {
      const res = await member.client.request('POST', '/api/usage', { credits: 1, description: 'quiet', idempotencyKey: 'traced-3' }, { 'x-request-id': 'quiet-req-0a1b2c3d4e' });
      expect(res.status).toBe(200);
      expect((await member.client.get('/api/me/profile')).status).toBe(200);
      expect(logLinesOf('quiet-req-0a1b2c3d4e')).toEqual([]);
      expect(lines.slice(from).map((l) => (JSON.parse(l) as { msg: string }).msg)).not.toContain('request completed');
    } finally {
      t.app.log.level = 'debug';
    }
  });
});
