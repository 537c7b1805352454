import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import pg from 'pg';
import { APPENDED_CHANNEL } from '../../services/eventstore/notifier.ts';
import { waitFor } from '../support/processes.ts';
import { ProjectList } from '../../services/projects/schemas.ts';
import { prepareDatabase, startupReport } from '../../bin/prepare-database.ts';
import { projectsProjection } from '../../projections/projects/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

describe('the API foundation', () => {
  it('reports Postgres and Redis as reachable on /api/health', async () => {
    const res = await new Client(t.url).get('/api/health');
    expect(res).toMatchObject({ status: 200, body: { ok: true, postgres: true, redis: true } });
  });

  it('answers a visitor on /api/auth/me as unauthenticated', async () => {
    expect((await new Client(t.url).get('/api/auth/me')).body).toEqual({ success: false, reason: 'unauthenticated' });
  });

  it('answers unknown /api routes with a JSON 404 and serves the web app elsewhere', async () => {
    const res = await new Client(t.url).get('/api/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/not found/);
    const page = await fetch(`${t.url}/some/client/route`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers a malformed body with a 400 that says what is wrong and leaks no stack', async () => {
    const broken = await fetch(`${t.url}/api/auth/dev-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(broken.status).toBe(400);
    const text = await broken.text();
    expect(text).toMatch(/JSON/);
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
    const invalid = await new Client(t.url).post('/api/auth/dev-login', { email: 'not-an-email', name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'name']);
  });

  it('refuses a mutating call from another origin and a body that is not JSON', async () => {
    const foreign = await new Client(t.url).request('POST', '/api/auth/dev-login', { email: 'x@example.com', name: 'X' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${t.url}/api/auth/dev-login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=x@example.com&name=X' });
    expect(form.status).toBe(415);
  });

  it('documents the API at /api/docs/json', async () => {
    const doc = (await new Client(t.url).get('/api/docs/json')).body;
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/auth/me', '/api/projects/']));
  });
});

describe('notifications', () => {
  it('sends NOTIFY events_appended with the position once an append has committed', async () => {
    const listener = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${APPENDED_CHANNEL}`);
      const heard = new Promise<number>((resolve) => listener.on('notification', (m) => resolve(Number(m.payload))));
      const { client } = await memberWithOrg(t, 'notified@example.com');
      const created = await client.post('/api/projects', { name: 'Heard', description: '' });
      const position = (await t.db.query('SELECT max(global_position) AS p FROM events WHERE stream_id = $1', [`project-${created.body.id}`])).rows[0].p;
      expect(await heard).toBeGreaterThan(0);
      await waitFor('a notification at or past the project', async () => {
        const seen = await new Promise<number>((resolve) => {
          listener.once('notification', (m) => resolve(Number(m.payload)));
          void client.post('/api/projects', { name: 'Again', description: '' });
        });
        return seen >= Number(position);
      });
    } finally {
      await listener.end();
    }
  });
});

describe('projects, end to end through the event log and the projector', () => {
  it('shows a created project in the list as soon as the create answers', async () => {
    const { client } = await memberWithOrg(t, 'maker@example.com');
    for (let i = 0; i < 5; i++) {
      const created = await client.post('/api/projects', { name: `Plan ${i}`, description: 'Grow' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: `Plan ${i}`, description: 'Grow' });
      const list = await client.get('/api/projects');
      expect(list.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
      expect((await client.get(`/api/projects/${created.body.id}`)).body.name).toBe(`Plan ${i}`);
    }
  });

  it('lists them as the JSON text Postgres wrote: exactly the schema, newest first, any text intact, [] for none', async () => {
    const { client } = await memberWithOrg(t, 'lister@example.com');
    const empty = await fetch(`${t.url}/api/projects`, { headers: { cookie: client.cookie! } });
    expect(empty.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await empty.text()).toBe('[]');
    const names = ['First "quoted" \\ back', 'Ünïcødé 🚀 <b>', 'Tab\there\nnewline'];
    const made = [];
    for (const name of names) made.push((await client.post('/api/projects', { name, description: `About ${name}` })).body);
    const res = await fetch(`${t.url}/api/projects`, { headers: { cookie: client.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const list = ProjectList.element.strict().array().parse(JSON.parse(await res.text()));
    // Newest first (made one after another, each at least a millisecond after the last; ties would go by id).
    const order = (await t.db.query('SELECT id::text FROM projects WHERE id = ANY($1) ORDER BY created_at DESC, id', [made.map((p) => p.id)])).rows.map((r) => r.id);
    expect(order).toEqual(made.map((p) => p.id).reverse());
    expect(list).toEqual([...made].reverse().map((p) => ({ id: p.id, name: p.name, description: p.description })));
  });

  it('keeps each organization its list as one row, and a database of version 1 is rebuilt to it before the new code serves', async () => {
    const { client, orgId } = await memberWithOrg(t, 'upgrader@example.com');
    for (const name of ['Older', 'Newer']) expect((await client.post('/api/projects', { name, description: name })).status).toBe(201);
    const listed = await client.get('/api/projects');
    expect(listed.body.map((p: { name: string }) => p.name)).toEqual(['Newer', 'Older']);
    const row = await t.db.query('SELECT list FROM project_lists WHERE org_id = $1', [orgId]);
    expect(JSON.parse(row.rows[0].list)).toEqual(listed.body);
    // The database as version 1 of the read model left it (no list table), with this code asking for version 2.
    const version = (await t.db.query(`SELECT active_version FROM projections WHERE name = 'projects'`)).rows[0].active_version as number;
    expect(version).toBe(projectsProjection.version);
    await t.db.query(`DROP VIEW project_lists; DROP TABLE project_lists_v${version}; DROP VIEW projects;
      ALTER TABLE projects_v${version} RENAME TO projects_v1; CREATE VIEW projects AS SELECT * FROM projects_v1;
      UPDATE projections SET active_version = 1 WHERE name = 'projects';
      UPDATE projection_checkpoints SET version = 1 WHERE name = 'projects' AND version = ${version}`);
    const prepared = await prepareDatabase(t.config);
    expect(prepared.rebuilt).toEqual([`projects (version ${projectsProjection.version})`]);
    expect(startupReport(prepared, null)).toContain(`Read models: rebuilt for their new versions: projects (version ${projectsProjection.version})`);
    expect((await t.db.query(`SELECT active_version FROM projections WHERE name = 'projects'`)).rows[0].active_version).toBe(projectsProjection.version);
    const upgraded = await client.get('/api/projects');
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toEqual(listed.body);
    // Nothing is outdated any more: the next start rebuilds nothing.
    expect((await prepareDatabase(t.config)).rebuilt).toBeUndefined();
  });

  it("hides another organization's projects", async () => {
    const { client: a } = await memberWithOrg(t, 'alice@example.com');
    const { client: b } = await memberWithOrg(t, 'bob@example.com');
    const secret = (await a.post('/api/projects', { name: 'Secret', description: '' })).body;
    expect((await b.get(`/api/projects/${secret.id}`)).status).toBe(404);
    expect((await b.get('/api/projects')).body.map((p: { id: string }) => p.id)).not.toContain(secret.id);
    // A malformed id names nothing: the same answer as an unknown one (the route's schema, one error handler).
    const unknown = await b.get(`/api/projects/${secret.id}`);
    const malformed = await b.get('/api/projects/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ error: 'Project not found', message: 'Project not found' });
    expect(malformed.body).toEqual(unknown.body);
    expect((await new Client(t.url).get('/api/projects')).status).toBe(401);
  });
});
