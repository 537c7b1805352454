import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LogPosition } from '../../eventstore/types.ts';
import { requestScope } from '../request-scope.ts';

/** Carries the log position of the caller's last command (signed, short-lived). */
export const SEEN_COOKIE = 'ab_seen';
const SEEN_TTL_S = 60;
/** How long a read waits for the read models to show the caller's own last command. */
export const READ_WAIT_MS = 1000;

const encode = (p: LogPosition) => `${p.xid}.${p.pos}`;
function decode(value: string): LogPosition | null {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(value);
  return m ? { xid: m[1], pos: Number(m[2]) } : null;
}

/**
 * Read-your-writes across requests and API processes: a request whose commands appended answers with
 * a signed cookie holding the position it reached; a later GET under /api with that cookie waits
 * (bounded) until every read model has passed it, then answers — with `x-stale: true` when the wait
 * ran out, and the cookie cleared once the read models have caught up. With a read replica, the same
 * wait covers the replica replaying past the primary's WAL position once the read models passed it;
 * past the bound the request reads from the primary.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => requestScope.run({ appended: null, readFromPrimary: request.method !== 'GET' }, done));

    const waitForSeen = async (request: FastifyRequest, reply: FastifyReply, seen: LogPosition) => {
      const started = Date.now();
      const caughtUp = await app.readModels.waitForAll(seen, READ_WAIT_MS);
      if (caughtUp) reply.clearCookie(SEEN_COOKIE, { path: '/' });
      else reply.header('x-stale', 'true');
      // With a replica: it answers once it has replayed what the read models committed, within the same bound; else the primary does.
      const scope = requestScope.getStore();
      if (scope && app.readPool.replica() && !(caughtUp && (await app.readPool.replayedPastNow(Math.max(0, READ_WAIT_MS - (Date.now() - started)))))) {
        scope.readFromPrimary = true;
      }
    };

    // Callback-style: a request without the cookie (nearly every one) costs no promise here.
    app.addHook('preHandler', (request, reply, done) => {
      if (request.method !== 'GET' || !request.url.startsWith('/api/')) return done();
      const raw = request.cookies[SEEN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      const seen = unsigned?.valid && unsigned.value ? decode(unsigned.value) : null;
      if (!seen) return done();
      waitForSeen(request, reply, seen).then(() => done(), done);
    });

    app.addHook('onSend', (_request, reply, payload, done) => {
      const appended = requestScope.getStore()?.appended;
      if (appended && reply.statusCode < 400) {
        reply.setCookie(SEEN_COOKIE, encode(appended), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.NODE_ENV === 'production',
          signed: true,
          maxAge: SEEN_TTL_S,
        });
      }
      done(null, payload);
    });
  },
  { name: 'read-your-writes', dependencies: ['auth', 'eventstore'] },
);
