import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import { holds } from '../../roles/permissions.ts';
import { hashKey, isWellFormedKey, lastUseRecorder } from '../../apikeys/keys.ts';
import type { ApiKeyOwner } from '../../auth/identity-cache.ts';
import { createSession, destroySession, SESSION_COOKIE, SESSION_TTL_MS, sessionKey, type SessionUser } from '../../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The API key the request came with (on the routes that accept one), or null. */
    apiKey: ApiKeyOwner | null;
  }
  interface FastifyInstance {
    /**
     * The guards. A route declares them as its `onRequest` hooks (or a scope adds them with
     * `addHook('onRequest', ...)`): they run before the body is validated, so a visitor gets 401/403
     * and never learns the body's shape. Signed in and active.
     */
    requireUser: onRequestHookHandler;
    /** Signed in and active, or an API key (on KEY_ROUTES only: elsewhere a key is never read). */
    requireUserOrKey: onRequestHookHandler;
    /** Signed in, active, and holding the permission (or an ancestor of it). */
    requirePermission: (permission: string) => onRequestHookHandler;
    signIn: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>;
    signOut: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export class Unauthenticated extends DomainError {
  constructor() {
    super(401, 'unauthenticated', 'Sign in first', { reason: 'unauthenticated' });
  }
}

export class Forbidden extends DomainError {
  constructor(message = 'You are not allowed to do this', body: Record<string, unknown> = {}) {
    super(403, 'forbidden', message, { error: 'forbidden', ...body });
  }
}

export class InvalidApiKey extends DomainError {
  constructor() {
    super(401, 'invalid_api_key', 'Missing, malformed, unknown or revoked API key', { error: 'invalid_api_key' });
  }
}

/** Neither a session nor a key on a route that takes either: what a browser (reason) and a server (error) both understand. */
class NoCredentials extends DomainError {
  constructor() {
    super(401, 'invalid_api_key', 'Sign in first, or send an API key (Authorization: Bearer ab_live_...)', { error: 'invalid_api_key', reason: 'unauthenticated' });
  }
}

/** The routes an API key opens (`Authorization: Bearer <key>`); every other route ignores the header. */
export const KEY_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/usage',
  'POST /api/usage/holds',
  'POST /api/usage/holds/:holdId/capture',
  'POST /api/usage/holds/:holdId/release',
  'GET /api/me/credits',
  'GET /api/balance',
  'POST /api/usage/events',
  'POST /api/usage/quote',
  'GET /api/rate-card',
]);

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** A signed-in account that is not active: the web shows /inactive rather than a bare refusal. */
const inactiveAccount = () => new Forbidden('Your account is not active', { reason: 'inactive' });

/** The BullMQ dashboard, a server-rendered page outside /api that needs the session too. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/** A guard as a callback-style hook: the checks are synchronous, so a request that passes costs no promise. */
const guard =
  (check: (request: FastifyRequest) => void): onRequestHookHandler =>
  (request, _reply, done) => {
    try {
      check(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async (app) => {
    const production = app.config.NODE_ENV === 'production';
    await app.register(cookie, { secret: app.config.SESSION_SECRET });
    app.decorateRequest('user', null);
    app.decorateRequest('apiKey', null);
    /** The session id of a signed cookie, or null (a bad signature, an empty value). */
    const verifyCookie = (raw: string) => {
      const unsigned = app.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : null;
    };
    const touch = lastUseRecorder(app.pg, (err) => app.log.warn({ err }, 'could not record when an API key was used'));

    /** A key is not a browser credential: no cookie, no Origin check. Anything but a live key is 401. */
    const readKey = async (request: FastifyRequest, header: string) => {
      const token = BEARER.exec(header)?.[1];
      if (!token || !isWellFormedKey(token)) throw new InvalidApiKey();
      const key = await app.identities.apiKey(hashKey(token));
      if (!key) throw new InvalidApiKey();
      request.apiKey = key;
      touch(key.keyId);
    };

    const allowedOrigins = (request: FastifyRequest) => {
      const origins = new Set<string>();
      if (app.config.APP_URL) origins.add(new URL(app.config.APP_URL).origin);
      const host = request.headers.host;
      if (host) {
        origins.add(`http://${host}`);
        origins.add(`https://${host}`);
      }
      return origins;
    };

    // Callback-style, with no promise when the session and its identity are kept (nearly every request).
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith(QUEUE_BOARD_PATH)) return done();
      const authorization = request.headers.authorization;
      if (authorization !== undefined && KEY_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) {
        readKey(request, authorization).then(() => done(), done);
        return;
      }
      const origin = request.headers.origin;
      if (MUTATING.has(request.method) && origin && !allowedOrigins(request).has(origin)) {
        return done(new Forbidden('Cross-origin request refused'));
      }
      const raw = request.cookies[SESSION_COOKIE];
      if (!raw) return done();
      const sessionId = app.identities.sessionOfCookie(raw, verifyCookie);
      if (!sessionId) return done();
      const kept = app.identities.cachedSessionUser(sessionId);
      if (kept !== undefined) {
        request.user = kept;
        return done();
      }
      app.identities.sessionUser(sessionId).then((user) => {
        request.user = user;
        done();
      }, done);
    });

    const requireUser = guard((request) => {
      if (!request.user) throw new Unauthenticated();
      if (!request.user.is_active) throw inactiveAccount();
    });
    app.decorate('requireUser', requireUser);
    app.decorate(
      'requireUserOrKey',
      guard((request) => {
        if (request.apiKey) return;
        if (!request.user) throw new NoCredentials();
        if (!request.user.is_active) throw inactiveAccount();
      }),
    );
    app.decorate('requirePermission', (permission: string) =>
      guard((request) => {
        if (!request.user) throw new Unauthenticated();
        if (!request.user.is_active) throw inactiveAccount();
        if (!holds(request.user.permissions, permission)) throw new Forbidden();
      }),
    );

    const endSession = async (sessionId: string) => {
      await destroySession(app.pg, sessionId);
      app.identities.changed(sessionKey(sessionId));
    };

    app.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
      if (request.user) await endSession(request.user.sessionId);
      const sessionId = await createSession(app.pg, userId);
      reply.setCookie(SESSION_COOKIE, sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: production,
        signed: true,
        maxAge: SESSION_TTL_MS / 1000,
      });
    });
    app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.cookies[SESSION_COOKIE];
      const sessionId = raw ? app.identities.sessionOfCookie(raw, verifyCookie) : null;
      if (sessionId) await endSession(sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    });
  },
  { name: 'auth', dependencies: ['db', 'identities'] },
);
