import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../services/billing/stripe.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { signInAdmin } from '../support/identity.ts';
import type { Client } from '../support/http.ts';

/** Issue 13: big bodies cost nothing; a request that never arrives whole is closed. */
let t: TestApp;
let member: Client;
const secret = 'whsec_body_limit_test_secret';

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret, HTTP_REQUEST_TIMEOUT_MS: '1500' } });
  member = (await memberWithOrg(t, 'bodies@example.com', 1_000)).client;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const url = () => new URL(t.url);

/**
 * Sends a body of `size` bytes to POST /api/usage, with a content-length or chunked; resolves with
 * the status, or 'reset' when the server closed the connection before answering.
 */
function bigPost(size: number, chunked: boolean): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: url().hostname,
        port: url().port,
        method: 'POST',
        path: '/api/usage',
        headers: {
          'content-type': 'application/json',
          cookie: member.cookie,
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve('reset'));
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return req.once('drain', pump);
      }
      req.end();
    };
    req.write('{"credits": 1, "description": "');
    pump();
  });
}

describe('body limits', () => {
  it('refuses 20 concurrent 1 MB bodies with 413 (or by closing) while small debits beside them still answer', async () => {
    const big = Array.from({ length: 20 }, (_, i) => bigPost(1024 * 1024, i % 2 === 1));
    const small = Array.from({ length: 20 }, (_, i) => member.post('/api/usage', { credits: 1, description: `small ${i}`, idempotencyKey: `small-${i}` }));
    const [bigAnswers, smallAnswers] = await Promise.all([Promise.all(big), Promise.all(small)]);
    expect(smallAnswers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of bigAnswers) expect([413, 'reset']).toContain(answer);
    expect(bigAnswers.filter((a) => a === 413).length).toBeGreaterThan(0);
    const debits = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'CreditsDebited'`);
    expect(debits.rows[0].n).toBe(20);
  });

  it('answers 413 from the content-length alone, before the body has arrived', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: url().hostname, port: url().port, method: 'POST', path: '/api/usage', headers: { 'content-type': 'application/json', cookie: member.cookie, 'content-length': String(2 * 1024 * 1024) } },
        (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      // A first kilobyte only: the answer comes without the rest ever being sent.
      req.write(`{"credits": 1, "description": "${'x'.repeat(1024)}`);
    });
    expect(status).toBe(413);
  });

  it('refuses JSON nested deeper than 32 levels with a 400 naming the depth, before parsing it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await member.request('POST', '/api/usage', undefined, { 'content-type': 'application/json' });
    expect(res.status).toBe(400); // an empty JSON body, for contrast: still a 4xx
    const nested = await fetch(`${t.url}/api/usage`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: member.cookie }, body: deep });
    expect(nested.status).toBe(400);
    expect(((await nested.json()) as { error: string }).error).toMatch(/deeper than 32/);
    const shallow = await member.post('/api/usage', { credits: 1, description: 'a [with] {brackets} in text', idempotencyKey: 'shallow' });
    expect(shallow.status).toBe(200);
  });

  it('takes a request that says it is JSON but sends no body (as SDKs send a DELETE) as one without a body', async () => {
    const key = await member.post('/api/me/api-keys', { name: 'bodiless' });
    expect(key.status).toBe(201);
    const json = { 'content-type': 'application/json' };
    // No body needed: done, as without the header.
    expect((await member.request('DELETE', `/api/me/api-keys/${key.body.id}`, undefined, json)).status).toBe(200);
    // A body needed: the route's own 400 naming it, nothing spent.
    const before = (await member.get('/api/balance')).body.balance;
    const empty = await member.request('POST', '/api/usage', undefined, json);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBeUndefined();
    expect(empty.body.message).toMatch(/body/i);
    expect((await member.get('/api/balance')).body.balance).toBe(before);
  });

  it('takes a Stripe event larger than the JSON limit on the webhook (its own limit: Stripe sends up to 1 MB)', async () => {
    const event = { id: `evt_big_${Date.now()}`, type: 'customer.created', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_big', padding: 'p'.repeat(300 * 1024) } } };
    const payload = JSON.stringify(event);
    const res = await fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, secret) },
      body: payload,
    });
    expect(res.status).toBe(200);
    const over = JSON.stringify({ ...event, id: `${event.id}_over`, data: { object: { padding: 'p'.repeat(1100 * 1024) } } });
    const refused = await fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(over, secret) },
      body: over,
    }).catch(() => null);
    if (refused) expect(refused.status).toBe(413);
  });

  it('lets the one route that needs more take a larger body: an object component\'s structure as 200,000 characters of text', async () => {
    const admin = await signInAdmin(t.url);
    const structure = JSON.stringify(Array.from({ length: 200 }, () => ({ name: 'n'.repeat(150), child_component_id: 'not-a-uuid' }))).padEnd(150_000, ' ');
    const res = await admin.post('/api/admin/components', { type: 'object', name: 'Big', description: '', structure });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
    const small = await member.post('/api/usage', { credits: 1, description: 'x'.repeat(100 * 1024), idempotencyKey: 'big-usage' });
    expect(small.status).toBe(413);
  });

  it('closes a request whose body never arrives whole (HTTP_REQUEST_TIMEOUT_MS), answering 408', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(url().port), url().hostname, () => {
        socket.write(`POST /api/usage HTTP/1.1\r\nHost: x\r\nCookie: ${member.cookie}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"credits":`);
      });
      let got = '';
      socket.on('data', (d) => (got += String(d)));
      socket.on('close', () => resolve(got));
      socket.on('error', () => resolve(got));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
