import oauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { findOrRegister, type Identity } from './accounts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    google?: OAuth2Namespace;
  }
}

export const SIGNED_IN_LANDING = '/?logged_in=true';
export const FAILED_LANDING = '/?FAILURE';

interface Discovery {
  issuer: string;
  jwks_uri: string;
}

export const googleConfigured = (app: FastifyInstance) => Boolean(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET);

export const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

async function discover(issuer: string): Promise<Discovery> {
  const res = await fetch(discoveryUrl(issuer), { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
  const doc = (await res.json()) as Partial<Discovery>;
  if (!doc.issuer || !doc.jwks_uri) throw new Error(`OpenID discovery at ${issuer} has no issuer or jwks_uri`);
  return { issuer: doc.issuer, jwks_uri: doc.jwks_uri };
}

/** The identity in a verified OpenID id_token; an unverified email is refused. */
export function identityFromClaims(claims: JWTPayload): Identity {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) throw new Error('id_token carries no email');
  if (claims.email_verified === false || claims.email_verified === 'false') throw new Error('email not verified by the provider');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0];
  const givenName = typeof claims.given_name === 'string' && claims.given_name.trim() ? claims.given_name.trim() : name.split(/\s+/)[0];
  const avatarUrl = typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : null;
  return { email, name, givenName, avatarUrl };
}

function callbackUri(app: FastifyInstance, request: FastifyRequest): string {
  const base = app.config.APP_URL ?? `${request.protocol}://${request.host}`;
  return new URL('/api/auth/google/callback', base).href;
}

/**
 * Google sign-in (OpenID Connect) under the auth prefix: GET /google starts it, GET /google/callback ends it.
 * The provider is discovered first: when it cannot be reached the app starts without Google sign-in.
 */
export async function registerGoogle(app: FastifyInstance): Promise<boolean> {
  if (!googleConfigured(app)) return false;
  let discovery: Discovery;
  try {
    discovery = await discover(app.config.GOOGLE_DISCOVERY_URL);
  } catch (err) {
    app.log.error({ err }, 'Google sign-in disabled: the provider could not be discovered');
    return false;
  }
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  const clientId = app.config.GOOGLE_CLIENT_ID!;

  await app.register(oauth2, {
    name: 'google',
    scope: ['openid', 'email', 'profile'],
    credentials: { client: { id: clientId, secret: app.config.GOOGLE_CLIENT_SECRET! } },
    discovery: { issuer: app.config.GOOGLE_DISCOVERY_URL },
    startRedirectPath: '/google',
    callbackUri: (request) => callbackUri(app, request),
    cookie: { path: '/api/auth/google', secure: app.config.NODE_ENV === 'production', signed: true },
  });

  app.get('/google/callback', { schema: { tags: ['auth'], hide: true } }, async (request, reply) => {
    try {
      if ((request.query as { error?: string }).error) throw new Error(`provider refused: ${(request.query as { error: string }).error}`);
      const { token } = await app.google!.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      if (!token.id_token) throw new Error('no id_token in the token answer');
      const { payload } = await jwtVerify(token.id_token, jwks, { issuer: discovery.issuer, audience: clientId });
      const userId = await findOrRegister(app, identityFromClaims(payload), request.id);
      await app.signIn(request, reply, userId);
      return reply.redirect(SIGNED_IN_LANDING);
    } catch (err) {
      request.log.warn({ err }, 'Google sign-in failed');
      return reply.redirect(FAILED_LANDING);
    }
  });
  return true;
}
