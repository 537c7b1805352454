import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactStreamId } from '../../services/contact/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { activeMember, signInAdmin } from '../support/identity.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const contactEvents = async () =>
  (await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ContactMessageReceived'`)).rows[0].n as number;

const send = (client: Client, body: Record<string, unknown>) => client.post('/api/contact', body);

interface Row {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

describe('the built-in contact form', () => {
  it('takes a visitor\'s message (201 {id}), stores it as an event on its own stream, and lists it for admins at once', async () => {
    const visitor = new Client(t.url);
    const res = await send(visitor, { name: '  Grace Visitor ', email: 'Grace@Example.com', message: ' Do you offer a board for nonprofits? ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String) });
    const stored = await t.db.query('SELECT type, data, metadata FROM events WHERE stream_id = $1', [contactStreamId(res.body.id)]);
    expect(stored.rows).toEqual([
      {
        type: 'ContactMessageReceived',
        data: expect.objectContaining({ messageId: res.body.id, name: 'Grace Visitor', email: 'grace@example.com', message: 'Do you offer a board for nonprofits?', userId: null }),
        metadata: expect.objectContaining({ actor: 'anonymous' }),
      },
    ]);

    const list = await admin.get('/api/admin/contact-messages');
    expect(list.status).toBe(200);
    const row = (list.body.data as Row[]).find((m) => m.id === res.body.id);
    expect(row).toEqual({ id: res.body.id, name: 'Grace Visitor', email: 'grace@example.com', message: 'Do you offer a board for nonprofits?', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(list.body.totalPages).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['no name', { name: '', email: 'a@example.com', message: 'Hi' }, 'name'],
    ['a blank name', { name: '   ', email: 'a@example.com', message: 'Hi' }, 'name'],
    ['a name over 200 characters', { name: 'n'.repeat(201), email: 'a@example.com', message: 'Hi' }, 'name'],
    ['an invalid email', { name: 'Ann', email: 'not-an-email', message: 'Hi' }, 'email'],
    ['no email', { name: 'Ann', message: 'Hi' }, 'email'],
    ['an empty message', { name: 'Ann', email: 'a@example.com', message: ' ' }, 'message'],
    ['a message over 5000 characters', { name: 'Ann', email: 'a@example.com', message: 'm'.repeat(5001) }, 'message'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_what, body, field) => {
    const before = await contactEvents();
    const res = await send(new Client(t.url), body);
    expect(res.status).toBe(400);
    expect((res.body.fields as { field: string }[]).map((f) => f.field)).toContain(field);
    expect(await contactEvents()).toBe(before);
  });

  it('accepts the longest allowed fields', async () => {
    const res = await send(new Client(t.url), { name: 'n'.repeat(200), email: 'long@example.com', message: 'm'.repeat(5000) });
    expect(res.status).toBe(201);
  });

  it('pages, searches and sorts with the spec\'s query, newest first by default', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const name of ['Charlie', 'alice', 'Bob']) {
      ids.push((await send(new Client(t.url), { name: `${name} ${tag}`, email: `${name.toLowerCase()}@example.com`, message: `About ${tag}` })).body.id);
    }
    const found = await admin.get(`/api/admin/contact-messages?page=1&limit=10&search=${tag}`);
    expect((found.body.data as Row[]).map((m) => m.id)).toEqual([...ids].reverse());
    expect(found.body.totalPages).toBe(1);

    const byName = await admin.get(`/api/admin/contact-messages?page=1&limit=2&search=${tag}&sortField=name&sortOrder=asc`);
    expect((byName.body.data as Row[]).map((m) => m.name)).toEqual([`alice ${tag}`, `Bob ${tag}`]);
    expect(byName.body.totalPages).toBe(2);
    const second = await admin.get(`/api/admin/contact-messages?page=2&limit=2&search=${tag}&sortField=name&sortOrder=asc`);
    expect((second.body.data as Row[]).map((m) => m.name)).toEqual([`Charlie ${tag}`]);

    const none = await admin.get(`/api/admin/contact-messages?page=1&search=${randomUUID()}`);
    expect(none.body).toEqual({ data: [], totalPages: 1 });
    expect((await admin.get('/api/admin/contact-messages?sortField=password')).status).toBe(400);
    expect((await admin.get('/api/admin/contact-messages?limit=101')).status).toBe(400);
    expect((await admin.get('/api/admin/contact-messages?page=0')).status).toBe(400);
  });

  it('shows the messages only with admin.messages.view, which the admin role holds', async () => {
    expect((await new Client(t.url).get('/api/admin/contact-messages')).status).toBe(401);
    const member = await activeMember(t.url, admin, `reader-${randomUUID().slice(0, 8)}@example.com`);
    expect((await member.client.get('/api/admin/contact-messages')).status).toBe(403);

    const catalogue = (await admin.get('/api/admin/permissions')).body as { name: string }[];
    expect(catalogue.map((p) => p.name)).toEqual(expect.arrayContaining(['admin.messages', 'admin.messages.view']));
    const role = await admin.post('/api/admin/roles', { name: `inbox-${randomUUID().slice(0, 6)}` });
    expect((await admin.post(`/api/admin/roles/${role.body.role.id}/permissions/admin.messages.view`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${member.id}/roles/${role.body.role.id}`)).status).toBe(200);
    expect((await member.client.get('/api/admin/contact-messages')).status).toBe(200);
    // Reading messages grants nothing else.
    expect((await member.client.get('/api/admin/users')).status).toBe(403);
  });

  it('records the sender\'s account when a signed-in member writes', async () => {
    const member = await activeMember(t.url, admin, `writer-${randomUUID().slice(0, 8)}@example.com`);
    const res = await send(member.client, { name: 'Member', email: 'member@example.com', message: 'Billing question' });
    expect(res.status).toBe(201);
    const stored = await t.db.query('SELECT data FROM events WHERE stream_id = $1', [contactStreamId(res.body.id)]);
    expect(stored.rows[0].data.userId).toBe(member.id);
  });
});
