import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { activeMember, signInAdmin } from '../support/identity.ts';
import { eventually } from './stripe-support.ts';

let t: TestApp;
let admin: Client;
let member: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
  member = (await activeMember(t.url, admin, 'designer-member@example.com')).client;
});
afterAll(async () => t?.close());

const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;
const componentEvents = async () =>
  (await t.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'component-%'`)).rows[0].n as number;

async function term(name = unique('Term'), description = 'A short text') {
  const res = await admin.post('/api/admin/components', { type: 'term', name, description });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

async function expect400(body: unknown, field: string, path = '/api/admin/components', method: 'POST' | 'PUT' = 'POST') {
  const before = await componentEvents();
  const res = await admin.request(method, path, body);
  expect(res.status).toBe(400);
  const named = res.body.field ?? res.body.fields?.map((f: { field: string }) => f.field).join(',');
  expect(named).toContain(field);
  expect(await componentEvents()).toBe(before);
  return res;
}

describe('components: permissions', () => {
  it('answers 401 to a visitor and 403 to a member on every component call', async () => {
    const anonymous = new Client(t.url);
    const id = randomUUID();
    const body = { type: 'term', name: 'x', description: '' };
    expect((await anonymous.get('/api/admin/components')).status).toBe(401);
    expect((await anonymous.post('/api/admin/components', body)).status).toBe(401);
    expect((await member.get('/api/admin/components')).status).toBe(403);
    expect((await member.get(`/api/admin/components/${id}?hydrate=true`)).status).toBe(403);
    expect((await member.post('/api/admin/components', body)).status).toBe(403);
    expect((await member.put(`/api/admin/components/${id}`, body)).status).toBe(403);
    expect((await member.post('/api/admin/components', { type: 'nonsense' })).status).toBe(403);
  });
});

describe('components: create, read, hydrate', () => {
  it('creates a term and answers {success, id, data}', async () => {
    const res = await admin.post('/api/admin/components', { type: 'term', name: 'Headline', description: 'One line' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, id: expect.any(String), data: { type: 'term', name: 'Headline', description: 'One line' } });
    expect(res.body.data.id).toBe(res.body.id);
    const read = await admin.get(`/api/admin/components/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: res.body.id, name: 'Headline', type: 'term', description: 'One line' });
  });

  it('builds an array and an object on a term and shows the children names when hydrated', async () => {
    const point = await term(unique('Point'));
    const list = await admin.post('/api/admin/components', {
      type: 'array',
      name: unique('Points'),
      arrayOfComponentType: 'term',
      arrayOfComponentId: point.id,
      min: 1,
      max: 5,
    });
    expect(list.status).toBe(201);
    const object = await admin.post('/api/admin/components', {
      type: 'object',
      name: unique('Summary'),
      description: 'A summary',
      structure: [
        { name: 'headline', type: 'term', child_component_id: point.id },
        { name: 'points', type: 'array', child_component_id: list.body.id, required: false },
      ],
    });
    expect(object.status).toBe(201);
    expect(object.body.data.structure).toEqual([
      { name: 'headline', type: 'term', child_component_id: point.id, required: true, child_type: 'term', child_component_name: point.name },
      { name: 'points', type: 'array', child_component_id: list.body.id, required: false, child_type: 'array', child_component_name: list.body.data.name },
    ]);

    const plainArray = await admin.get(`/api/admin/components/${list.body.id}`);
    expect(plainArray.body.data).not.toHaveProperty('arrayOfComponentName');
    const hydratedArray = await admin.get(`/api/admin/components/${list.body.id}?hydrate=true`);
    expect(hydratedArray.body.data).toMatchObject({ min: 1, max: 5, arrayOfComponentType: 'term', arrayOfComponentName: point.name });

    const arrays = await admin.get('/api/admin/components?type=array&hydrate=true&limit=99999');
    expect(arrays.status).toBe(200);
    expect(arrays.body.data.every((c: { type: string }) => c.type === 'array')).toBe(true);
    expect(arrays.body.data.find((c: { id: string }) => c.id === list.body.id)).toMatchObject({ arrayOfComponentName: point.name });
    const objects = await admin.get('/api/admin/components?type=object&hydrate=true&limit=99999');
    const found = objects.body.data.find((c: { id: string }) => c.id === object.body.id);
    expect(found.structure.map((p: { child_component_name: string }) => p.child_component_name)).toEqual([point.name, list.body.data.name]);
  });

  it('answers every component up to the spec\'s limit 99999 (more than 500 here), refuses a larger limit, and pages on request', async () => {
    const at = new Date().toISOString();
    const before = (await t.db.query('SELECT count(*)::int AS n FROM components')).rows[0].n as number;
    for (let i = 0; i < 520; i++) {
      const componentId = randomUUID();
      await t.app.store.append(
        `component-${componentId}`,
        [{ type: 'ComponentCreated', data: { componentId, name: `Bulk ${i} ${componentId.slice(0, 6)}`, definition: { type: 'term', description: '' }, at } }],
        { expected: 'no_stream' },
      );
    }
    const projected = await eventually(async () => (await t.db.query('SELECT count(*)::int AS n FROM components')).rows[0].n as number, (n) => n >= before + 520, 30_000);
    expect(projected).toBeGreaterThanOrEqual(before + 520);

    const all = await admin.get('/api/admin/components?limit=99999');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(before + 520);
    expect(all.body.data).toHaveLength(all.body.total);
    expect(all.body.totalPages).toBe(1);
    const tooMany = await admin.get('/api/admin/components?limit=100000');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/limit/);

    const first = await admin.get('/api/admin/components?limit=2&page=1');
    const second = await admin.get('/api/admin/components?limit=2&page=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.totalPages).toBe(Math.ceil(all.body.total / 2));
    expect(second.body.data[0].id).toBe(all.body.data[2].id);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await admin.get(`/api/admin/components/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/admin/components/not-an-id')).status).toBe(404);
    expect((await admin.put(`/api/admin/components/${randomUUID()}`, { type: 'term', name: unique('Ghost') })).status).toBe(404);
  });
});

describe('components: bad input is refused with the field named, and nothing is stored', () => {
  it('refuses an array whose child does not exist', () =>
    expect400({ type: 'array', name: unique('A'), arrayOfComponentType: 'term', arrayOfComponentId: randomUUID(), min: 0, max: 1 }, 'arrayOfComponentId'));

  it('refuses an array whose min exceeds max', async () => {
    const child = await term();
    await expect400({ type: 'array', name: unique('A'), arrayOfComponentType: 'term', arrayOfComponentId: child.id, min: 5, max: 2 }, 'min');
  });

  it('refuses bounds that are not whole numbers', async () => {
    const child = await term();
    await expect400({ type: 'array', name: unique('A'), arrayOfComponentType: 'term', arrayOfComponentId: child.id, min: 0, max: 2.5 }, 'max');
    await expect400({ type: 'array', name: unique('A'), arrayOfComponentType: 'term', arrayOfComponentId: child.id, min: -1, max: 2 }, 'min');
  });

  it('refuses an array whose child is of another type than declared', async () => {
    const child = await term();
    await expect400({ type: 'array', name: unique('A'), arrayOfComponentType: 'object', arrayOfComponentId: child.id, min: 0, max: 1 }, 'arrayOfComponentId');
  });

  it('refuses a property name used twice in one object', async () => {
    const child = await term();
    const structure = [
      { name: 'same', type: 'term', child_component_id: child.id },
      { name: 'same', type: 'term', child_component_id: child.id },
    ];
    await expect400({ type: 'object', name: unique('O'), description: '', structure }, 'structure.1.name');
  });

  it('refuses a property whose child is missing or of the wrong type', async () => {
    const child = await term();
    const missing = [{ name: 'a', type: 'term', child_component_id: randomUUID() }];
    await expect400({ type: 'object', name: unique('O'), description: '', structure: missing }, 'structure.0.child_component_id');
    const wrong = [{ name: 'a', type: 'object', child_component_id: child.id }];
    await expect400({ type: 'object', name: unique('O'), description: '', structure: wrong }, 'structure.0.child_component_id');
  });

  it('refuses a structure sent as text that is not JSON', () =>
    expect400({ type: 'object', name: unique('O'), description: '', structure: '[{"name": ' }, 'structure'));

  it('accepts a structure sent as JSON text', async () => {
    const child = await term();
    const res = await admin.post('/api/admin/components', {
      type: 'object',
      name: unique('Texted'),
      structure: JSON.stringify([{ name: 'a', child_component_id: child.id }]),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.structure[0]).toMatchObject({ name: 'a', type: 'term', required: true });
  });

  it('refuses a body that is not JSON', async () => {
    const before = await componentEvents();
    const res = await fetch(`${t.url}/api/admin/components`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie },
      body: '{"type": "term", "name": ',
    });
    expect(res.status).toBe(400);
    expect(await componentEvents()).toBe(before);
  });

  it('refuses an unknown type and a missing name', async () => {
    await expect400({ type: 'table', name: unique('T') }, 'type');
    await expect400({ type: 'term', description: 'no name' }, 'name');
  });
});

describe('components: names and updates', () => {
  it('keeps names unique across types, in any case: a clash is a duplicate on name', async () => {
    const first = await term(unique('Unique'));
    const res = await admin.post('/api/admin/components', { type: 'term', name: first.name.toUpperCase(), description: '' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ type: 'duplicate', field: 'name' });
  });

  it('updates a component, frees its old name and refuses a change of type', async () => {
    const item = await term(unique('Before'));
    const renamed = unique('After');
    const res = await admin.put(`/api/admin/components/${item.id}`, { type: 'term', name: renamed, description: 'changed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, id: item.id, data: { name: renamed, description: 'changed' } });
    expect((await admin.get(`/api/admin/components/${item.id}`)).body.data.name).toBe(renamed);
    await term(item.name);
    await expect400({ type: 'object', name: renamed, description: '', structure: [] }, 'type', `/api/admin/components/${item.id}`, 'PUT');
  });

  it('refuses a change that would make a cycle, naming the components', async () => {
    const leaf = await term();
    const inner = await admin.post('/api/admin/components', {
      type: 'object',
      name: unique('Inner'),
      structure: [{ name: 'leaf', child_component_id: leaf.id }],
    });
    const outer = await admin.post('/api/admin/components', {
      type: 'array',
      name: unique('Outer'),
      arrayOfComponentType: 'object',
      arrayOfComponentId: inner.body.id,
      min: 0,
      max: 3,
    });
    const res = await expect400(
      {
        type: 'object',
        name: inner.body.data.name,
        structure: [
          { name: 'leaf', child_component_id: leaf.id },
          { name: 'more', type: 'array', child_component_id: outer.body.id },
        ],
      },
      'structure',
      `/api/admin/components/${inner.body.id}`,
      'PUT',
    );
    expect(res.body.error).toContain(`${inner.body.data.name} → ${outer.body.data.name} → ${inner.body.data.name}`);
    const self = await expect400(
      { type: 'array', name: outer.body.data.name, arrayOfComponentType: 'array', arrayOfComponentId: outer.body.id, min: 0, max: 3 },
      'arrayOfComponentId',
      `/api/admin/components/${outer.body.id}`,
      'PUT',
    );
    expect(self.body.error).toContain('cycle');
  });
});
