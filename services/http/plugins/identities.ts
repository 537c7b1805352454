import fp from 'fastify-plugin';
import { keyByHash } from '../../apikeys/keys.ts';
import { IdentityCache } from '../../auth/identity-cache.ts';
import { loadIdentities } from '../../auth/identity.ts';
import { sessionOwners } from '../../auth/sessions.ts';
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
      owners: (sessionIds) => sessionOwners(app.pg, sessionIds),
      identities: (userIds) => loadIdentities(app.store, userIds),
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
    // What is in use is read again in the background, together, before it expires (see `refresh`).
    const refreshing = setInterval(() => {
      cache.refresh().catch((err: Error) => app.log.warn({ err: err.message }, 'identity cache: refresh failed; entries expire as usual'));
    }, cache.refreshEveryMs);
    refreshing.unref();
    app.decorate('identities', cache);
    app.addHook('onClose', async () => {
      clearInterval(refreshing);
      off();
      await listening.close();
    });
  },
  { name: 'identities', dependencies: ['db', 'eventstore'] },
);
