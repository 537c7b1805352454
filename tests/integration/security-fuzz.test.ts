import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { encode, fromSchema, MEGA, own, pathSegment, type Schema } from '../security/hostile.ts';

/**
 * Every operation of the OpenAPI document, fuzzed as a visitor, a member and the admin, one request
 * at a time: no answer is a 5xx or shows a secret; an answer of 4xx appended no event; a visitor
 * or a member on an admin route is refused and appends nothing at all.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SECRETS = {
  SESSION_SECRET: 'fuzz-session-secret-4c1e9a7d2b8f6e3a5d0c',
  STRIPE_WEBHOOK_SECRET: 'whsec_fuzz_9d7e5c3b1a2f4e6d8c0b',
};

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}

interface Sent {
  path: string;
  query: string;
  body?: string;
}

type Role = 'visitor' | 'member' | 'admin';

let t: TestApp;
let operations: Operation[];
let cookies: Record<Role, string>;
let ids: string[];
const logLines: string[] = [];

/** Signing in again or out would end the fuzzing session itself: those two are fuzzed by the visitor only. */
const SESSION_ENDING = new Set(['POST /api/auth/dev-login', 'GET /api/auth/logout']);

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = (op.parameters ?? []) as { in: string; name: string; schema: Schema }[];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema as Schema | undefined,
      };
    }),
  );
}

const short = (s: fc.Arbitrary<unknown>) => s.filter((v) => encode(v).length < 6000);

function request(op: Operation): fc.Arbitrary<Sent> {
  const segments = fc.tuple(...op.pathParams.map(() => pathSegment(ids)));
  const query = fc.tuple(
    ...op.query.map((q) => fc.option(short(fromSchema(q.schema, ids)), { nil: undefined }).map((v) => (v === undefined ? '' : `${q.name}=${encode(v)}`))),
    fc.constantFrom('', '__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'page=1&page=2', `${op.query[0]?.name ?? 'x'}[]=1`),
  );
  const body = op.body
    ? fc.oneof(
        { arbitrary: fromSchema(op.body, ids).map((v) => JSON.stringify(v) ?? 'null'), weight: 8 },
        { arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '{"__proto__":{"polluted":"yes"}}', `{"name":"${MEGA}"}`), weight: 2 },
      )
    : op.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(fc.constantFrom('{}', '{"__proto__":{"isAdmin":true}}', '[1,2]'), { nil: undefined });
  return fc.tuple(segments, query, body).map(([values, parts, b]) => {
    let path = op.path;
    op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, encode(values[i]))));
    return { path, query: parts.filter(Boolean).join('&'), body: b };
  });
}

/** The classic probes, each put into every path parameter, query parameter and body field of an operation. */
const PROBES: unknown[] = ['\u0000', '\uD800', '__proto__', "' OR 1=1 --", '<script>window.__xss=1</script>', -1, 0.5, MEGA];

function probes(op: Operation): Sent[] {
  const shape = [op.body, ...(op.body?.oneOf ?? op.body?.anyOf ?? [])].find((s) => s?.properties);
  return PROBES.flatMap((probe) => {
    const inUrl = typeof probe === 'string' && probe.length > 100 ? 'x' : encode(probe);
    let path = op.path;
    for (const name of op.pathParams) path = path.replace(`{${name}}`, inUrl);
    const fields = Object.entries(shape?.properties ?? {}).map(([name, sub]): [string, unknown] => [name, sub.enum?.[0] ?? probe]);
    const body = op.body ? JSON.stringify(own([...fields, ['__proto__', { polluted: 'yes', isAdmin: true }]])) : undefined;
    // One query parameter at a time, so that a bad page number does not hide a bad sort field.
    const queries = op.query.length ? op.query.map((q) => `${q.name}=${inUrl}`) : [''];
    return queries.map((query) => ({ path, query, body }));
  });
}

async function send(role: Role, op: Operation, sent: Sent, correlationId: string) {
  const res = await fetch(`${t.url}${sent.path}${sent.query ? `?${sent.query}` : ''}`, {
    method: op.method,
    redirect: 'manual',
    headers: {
      'x-correlation-id': correlationId,
      ...(cookies[role] ? { cookie: cookies[role] } : {}),
      ...(sent.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: sent.body,
  });
  return { status: res.status, text: await res.text() };
}

const headPosition = async () => Number((await t.db.query('SELECT coalesce(max(global_position), 0) AS p FROM events')).rows[0].p);

/** Events appended after `position` by a request (a worker's own events, actor stripe/system, are not a request's). */
async function appendedSince(position: number, correlationId: string) {
  const res = await t.db.query(
    `SELECT count(*) FILTER (WHERE metadata->>'correlation_id' = $2)::int AS mine,
            count(*) FILTER (WHERE coalesce(metadata->>'actor', '') NOT IN ('stripe', 'system'))::int AS by_requests
       FROM events WHERE global_position > $1`,
    [position, correlationId],
  );
  return res.rows[0] as { mine: number; by_requests: number };
}

/**
 * After an accepted request, wait until what it set going is done: the read models have read the log
 * to its head (so what they enqueue is enqueued), no queue has a job waiting or running, and the head
 * did not move meanwhile. Answers the head.
 */
async function settle(): Promise<number> {
  return waitFor('the workers to finish what a request set going', async () => {
    const head = await headPosition();
    if (!(await projectionsCaughtUp(t.db))) return false;
    const counts = await Promise.all(Object.values(t.app.queues).map((q) => q.getJobCounts('waiting', 'active', 'prioritized')));
    if (counts.some((c) => Object.values(c).some((n) => n > 0))) return false;
    return (await headPosition()) === head && { head };
  }, 60_000).then(({ head }) => head);
}

beforeAll(async () => {
  t = await startApp({ env: { ...SECRETS, LOG_LEVEL: 'debug' }, build: { logStream: { write: (line: string) => void logLines.push(line) } } });
  const admin = await signInAdmin(t.url);
  const member = await memberWithOrg(t, 'fuzz-member@example.com', 1000);
  const victim = await memberWithOrg(t, 'fuzz-victim@example.com', 1000);
  const project = await victim.client.post('/api/projects', { name: 'Victim project' });
  ids = [victim.orgId, victim.userId, project.body.id, orgStreamId(victim.orgId), 'org-' + randomUUID()];
  cookies = { visitor: '', member: member.client.cookie, admin: admin.cookie };
  const doc = await (await fetch(`${t.url}/api/docs/json`)).json();
  operations = operationsOf(doc);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const adminOnly = (op: Operation) => op.path.startsWith('/api/admin/');

async function fuzz(role: Role) {
  let settledHead = await settle();
  const chosen = operations.filter((op) => role === 'visitor' || !SESSION_ENDING.has(`${op.method} ${op.path}`));
  expect(chosen.length).toBeGreaterThan(50);
  for (const op of chosen) {
    const examples = probes(op).map((sent): [Sent] => [sent]);
    await fc.assert(
      fc.asyncProperty(request(op), async (sent) => {
        const correlationId = randomUUID();
        const { status, text } = await send(role, op, sent, correlationId);
        const where = `${role} ${op.method} ${sent.path.slice(0, 200)}?${sent.query.slice(0, 200)} -> ${status} ${text.slice(0, 300)}`;
        expect(status, `${where}\n${status >= 500 ? (logLines.findLast((l) => l.includes('"level":50')) ?? '').slice(0, 1500) : ''}`).toBeLessThan(500);
        for (const [name, secret] of Object.entries(SECRETS)) expect(text.includes(secret), `${name} in ${where}`).toBe(false);
        // The router refuses some requests before any handler runs: 414, a path parameter over 100
        // characters; its own 404 ('Route GET /a/b not found'), a parameter of '.' (sent as %2E) resolved away;
        // and that 404 route's body parser (FST_ERR_CTP_…, e.g. a `__proto__` key, seed 1082834148): a route
        // that exists checks its guard at onRequest, before any body is parsed, so only the 404 route parses first.
        const router =
          status === 414 || (status === 404 && /^\{"error":"Route [A-Z]+ \S+ not found"/.test(text)) || (status === 400 && /"code":"FST_ERR_CTP_/.test(text));
        if (role !== 'admin' && adminOnly(op)) expect(router || [401, 403].includes(status), where).toBe(true);
        if (status >= 400) {
          // Since the last accepted request settled, only workers' own events may have been appended.
          const appended = await appendedSince(settledHead, correlationId);
          expect(appended, `a refused request appended events: ${where}`).toEqual({ mine: 0, by_requests: 0 });
        } else {
          settledHead = op.method === 'GET' ? await headPosition() : await settle();
        }
      }),
      // The probes come first and count as runs: RUNS random requests follow them.
      { numRuns: examples.length + RUNS, examples },
    );
  }
}

describe('fuzzing every operation of /api/docs/json', () => {
  it('reads the operations from the OpenAPI document', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(expect.arrayContaining(['POST /api/usage', 'PUT /api/admin/users/{id}/activate', 'POST /api/stripe/webhook']));
  });

  // Each role sends about a thousand requests, one at a time, waiting for the workers after each accepted
  // one: under load 13–27 the visitor's took 105 s and all three once outlasted 120 s (3 failed); room, not a target.
  it('as a visitor: no 5xx, no secret, admin routes refused, refused requests append nothing', () => fuzz('visitor'), 300_000);
  it('as a member: no 5xx, no secret, admin routes refused, refused requests append nothing', () => fuzz('member'), 300_000);
  it('as the admin: no 5xx, no secret, refused requests append nothing', () => fuzz('admin'), 300_000);

  it('refuses a body over the 2 MB limit with 413', async () => {
    const res = await fetch(`${t.url}/api/projects`, { method: 'POST', headers: { cookie: cookies.member, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(2.5 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
  });

  it('left no prototype polluted, no balance below zero, and no secret in any log line', async () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((await t.db.query('SELECT count(*)::int AS n FROM orgs WHERE credit_balance < 0')).rows[0].n).toBe(0);
    expect(logLines.length).toBeGreaterThan(100);
    // Every request answered once: a handler that goes on after its answer logs that the reply was already sent.
    expect(logLines.filter((l) => l.includes('FST_ERR_REP_ALREADY_SENT')).map((l) => l.slice(0, 500))).toEqual([]);
    for (const secret of Object.values(SECRETS)) expect(logLines.filter((l) => l.includes(secret))).toEqual([]);
  });
});
