import fp from 'fastify-plugin';
import { loadSigningKey, type SigningKey } from '../../audit/signing-key.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Ed25519 key that signs chain heads (AUDIT_SIGNING_KEY, or the one kept in the database). */
    signingKey: SigningKey;
  }
}

export default fp(
  async (app) => {
    app.decorate('signingKey', await loadSigningKey(app.pg, app.config.AUDIT_SIGNING_KEY));
  },
  { name: 'audit-key', dependencies: ['db', 'config'] },
);
