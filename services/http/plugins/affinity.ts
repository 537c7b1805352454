import fp from 'fastify-plugin';

/** Names the caller's organization for a front proxy that hashes on it (deploy/nginx): not a secret, not a credential. */
export const AFFINITY_COOKIE = 'ab_org';

/**
 * Organization affinity: an answer to a signed-in member carries a routing cookie naming their
 * organization, so a proxy that hashes on it sends one organization's requests to one API process and
 * that process's kept state of the organization stays hot. Nothing trusts the cookie: a request routed
 * anywhere is served the same (a clash between two processes is refused by the expected version).
 */
export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const orgId = request.user?.organization_id ?? null;
      const sent = request.cookies[AFFINITY_COOKIE];
      if (orgId && sent !== orgId) {
        reply.setCookie(AFFINITY_COOKIE, orgId, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.NODE_ENV === 'production', maxAge: 30 * 24 * 3600 });
      } else if (!orgId && sent && request.user) {
        reply.clearCookie(AFFINITY_COOKIE, { path: '/' });
      }
      done(null, payload);
    });
  },
  { name: 'affinity', dependencies: ['auth'] },
);
