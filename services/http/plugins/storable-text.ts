import fp from 'fastify-plugin';
import { ValidationError } from '../../platform/errors.ts';
import { unstorable } from '../../platform/text.ts';

/**
 * Refuses (400) a path, query or JSON body with text the database cannot store, before any handler
 * runs: otherwise it fails as a 500 deep inside a command.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      if (unstorable(request.params) || unstorable(request.query) || unstorable(request.body)) {
        return done(new ValidationError('Text must not contain a NUL character or a lone surrogate'));
      }
      done();
    });
  },
  { name: 'storable-text' },
);
