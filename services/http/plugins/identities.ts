import fp from 'fastify-plugin';
import { keyByHash } from '../../apikeys/keys.ts';
import { IdentityCache } from '../../auth/identity-cache.ts';
import { loadIdentity } from '../../auth/identity.ts';
import { sessionOwner } from '../../auth/sessions.ts';
import { STREAMS_CHANGED_CHANNEL } from '../../eventstore/notifier.ts';
import { listen } from '../../platform/listen.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who a session belongs to, from the log (never a read model), cached and invalidated through NOTIFY. */
    identities: IdentityCache;
  }
}

const WATCHED = /^(user|role|api_key)-/;

export default fp(
  async (app) => {
    const cache = new IdentityCache({
      owner: (sessionId) => sessionOwner(app.pg, sessionId),
      identity: (userId) => loadIdentity(app.store, userId),
      apiKey: (hash) => keyByHash(app.pg, app.store, hash),
    });
    // This process's own appends invalidate at once (before the command answers); others' arrive by NOTIFY.
    const off = app.store.onAppended((_result, _types, streamId) => {
      if (WATCHED.test(streamId)) cache.changed(streamId);
    });
    const listening = await listen(app.config.DATABASE_URL, [STREAMS_CHANGED_CHANNEL], {
      onNotification: (_channel, key) => cache.changed(key),
      onConnected: () => cache.connected(),
      onLost: (err) => {
        cache.lost();
        app.log.warn({ err: err.message }, 'identity cache: change notifications lost; reading sessions from the stores until they are back');
      },
    });
    app.decorate('identities', cache);
    app.addHook('onClose', async () => {
      off();
      await listening.close();
    });
  },
  { name: 'identities', dependencies: ['db', 'eventstore'] },
);
