import fp from 'fastify-plugin';

/**
 * The API takes JSON bodies only. Fastify also parses text/plain by default, which is what a
 * cross-site form can send without a preflight: without that parser such a request is a 415.
 */
export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
  },
  { name: 'json-only' },
);
