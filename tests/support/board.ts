import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import type { TestApp } from './app.ts';
import type { Client } from './http.ts';
import { waitFor } from './processes.ts';

/** An assistant ready to deploy, on a model name of its own (so fake-llm scripts never mix). */
export async function boardAssistant(admin: Client, over: Record<string, unknown> = {}) {
  const model = `model-${randomUUID().slice(0, 8)}`;
  const res = await admin.post('/api/admin/assistants', {
    name: `Advisor ${randomUUID().slice(0, 6)}`,
    task: 'You are a careful advisor.',
    model,
    ready_to_deploy: true,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, name: res.body.data.name as string, model: (over.model as string | undefined) ?? model };
}

export async function projectOf(client: Client, name = 'Launch plan') {
  const res = await client.post('/api/projects', { name, description: '' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The session once every advisor has answered or failed. */
export async function sessionDone(client: Client, sessionId: string) {
  let body: any;
  await waitFor('the session to end', async () => {
    body = (await client.get(`/api/sessions/${sessionId}`)).body;
    return body.status === 'done';
  });
  return body;
}

/** What the organization's stream says of holds and debits: every hold closed, the debits that captured one. */
export async function ledgerOf(t: TestApp, orgId: string) {
  const events = await t.app.store.readStream(orgStreamId(orgId));
  const placed = events.filter((e) => e.type === 'HoldPlaced').map((e) => (e.data as { holdId: string }).holdId);
  const captured = events
    .filter((e) => e.type === 'CreditsDebited' && (e.data as { holdId?: string }).holdId)
    .map((e) => e.data as { holdId: string; amount: number });
  const credits = await t.app.credits.view(orgId);
  return { placed, captured, spent: captured.reduce((n, d) => n + d.amount, 0), ...credits };
}
