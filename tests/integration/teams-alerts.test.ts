import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signIn, type Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { SmtpSink } from '../support/smtp.ts';
import { invite, joinTeam, teamEmail } from '../support/teams.ts';
import { Receiver } from '../support/webhook-receiver.ts';

/** Issue 24: budget alerts (budget.threshold once per crossing and period) and invitations by email. */
let t: TestApp;
const receiver = new Receiver();
const smtp = new SmtpSink();

beforeAll(async () => {
  await Promise.all([receiver.start(), smtp.start()]);
  t = await startApp({ workers: true, env: { WEBHOOK_SWEEP_MS: '200', SCHEDULER_CHECK_MS: '300', WEBHOOK_FIRST_RETRY_MS: '200', SMTP_URL: smtp.url, MAIL_FROM: 'Board <board@example.com>' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([receiver.close(), smtp.close()]);
});

const spend = (client: Client, credits: number, projectId?: string) =>
  client.post('/api/usage', { credits, description: 'work', idempotencyKey: randomUUID(), ...(projectId ? { projectId } : {}) });
type Said = { type: string; data: { scope: string; id: string; threshold: number; credits: number; spent: number; held: number; period: string; periodStart: string } };

describe('budget alerts', () => {
  it('sends budget.threshold to a registered endpoint once per threshold crossed in a period, never again in that period', async () => {
    const owner = await memberWithOrg(t, teamEmail('owner'), 500);
    const member = await joinTeam(t.url, owner.client, 'member');
    const endpoint = await owner.client.post('/api/me/webhook-endpoints', { url: `${receiver.url}/budget`, events: ['budget.threshold'] });
    expect(endpoint.status).toBe(201);
    const secret = endpoint.body.secret as string;
    const said = (scope: string) => (receiver.verified('/budget', secret) as unknown as Said[]).filter((m) => m.data.scope === scope);
    expect((await owner.client.put('/api/me/org/budgets', { scope: 'member', id: member.userId, credits: 10, period: 'month' })).body.thresholds).toEqual([80, 100]);

    // 7 of 10: nothing yet; 8 of 10 crosses 80.
    expect((await spend(member.client, 7)).status).toBe(200);
    expect((await spend(member.client, 1)).status).toBe(200);
    const first = await waitFor('the 80% crossing', async () => said('member').length >= 1 && said('member'), 15_000);
    const periodStart = `${new Date().toISOString().slice(0, 7)}-01T00:00:00.000Z`;
    expect(first[0]).toMatchObject({ type: 'budget.threshold', data: { scope: 'member', id: member.userId, threshold: 80, credits: 10, spent: 8, held: 0, period: 'month', periodStart } });

    // 9 of 10: still past 80, nothing new; 10 of 10 crosses 100.
    expect((await spend(member.client, 1)).status).toBe(200);
    expect((await spend(member.client, 1)).status).toBe(200);
    await waitFor('the 100% crossing', async () => said('member').some((m) => m.data.threshold === 100));

    // Raised to 20 (50% used), then back past 80% (16 of 20) in the same period: not said again.
    expect((await owner.client.put('/api/me/org/budgets', { scope: 'member', id: member.userId, credits: 20, period: 'month' })).status).toBe(200);
    expect((await spend(member.client, 6)).status).toBe(200);
    // A later crossing (a project's) marks that every earlier event reached the outbox.
    const project = (await owner.client.post('/api/projects', { name: 'Marker', description: '' })).body.id as string;
    expect((await owner.client.put('/api/me/org/budgets', { scope: 'project', id: project, credits: 1, period: 'month' })).status).toBe(200);
    expect((await spend(owner.client, 1, project)).status).toBe(200);
    await waitFor('the project crossing and every delivery done', async () => {
      if (said('project').length < 2 || !(await projectionsCaughtUp(t.db))) return false;
      const res = await t.db.query(`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.body.id]);
      return res.rows[0].pending === 0;
    });
    expect(said('member').map((m) => m.data.threshold).sort((a, b) => a - b)).toEqual([80, 100]);
    expect(said('project').map((m) => m.data.threshold).sort((a, b) => a - b)).toEqual([80, 100]);
    const deliveries = (await owner.client.get(`/api/me/webhook-endpoints/${endpoint.body.id}/deliveries`)).body as { type: string }[];
    expect(deliveries.filter((d) => d.type === 'budget.threshold')).toHaveLength(4);

    // The member reads what the banner says: their budget, its use and thresholds.
    const mine = ((await member.client.get('/api/me/org/budgets')).body.data as { scope: string; id: string }[]).find((b) => b.scope === 'member' && b.id === member.userId);
    expect(mine).toMatchObject({ credits: 20, spent: 16, held: 0, thresholds: [80, 100], periodStart });
  }, 60_000);
});

describe('invitations by email', () => {
  it('emails the /join link through SMTP when it is configured, and says so', async () => {
    const owner = await memberWithOrg(t, teamEmail('inviter'), 10);
    const to = teamEmail('mailed');
    const created = await invite(owner.client, to, 'billing');
    expect(created.emailed).toBe(true);
    const mail = await waitFor('the invitation email', async () => smtp.mails.find((m) => m.to.includes(to)), 10_000);
    expect(mail.from).toBe('board@example.com');
    expect(mail.data).toContain(`/join/${created.token}`);
    expect(mail.data).toContain(created.url);
    expect(mail.data).toMatch(/as billing/);
    expect(mail.data).toMatch(/Subject: Join /);
    // The emailed link works.
    const invitee = await signIn(t.url, to);
    expect((await invitee.post(`/api/invitations/${created.token}/accept`)).status).toBe(200);
  });
});
