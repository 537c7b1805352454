import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ZodError } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { isMalformedId } from '../../platform/ids.ts';
import { isUnavailable, RETRY_AFTER_SECONDS } from '../../platform/unavailable.ts';
import { ASSETS } from './web.ts';

/** The answer to a route that does not exist: its method and path (the URL without its query). */
export const routeNotFound = ({ method, url }: { method: string; url: string }) => {
  const message = `Route ${method} ${url.split('?')[0]} not found`;
  return { error: message, message };
};

interface FieldProblem {
  field: string;
  message: string;
}

function zodProblems(err: ZodError): FieldProblem[] {
  return err.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
}

function validationProblems(err: FastifyError): FieldProblem[] {
  return (err.validation ?? []).map((v) => ({
    field: (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || String((v.params as { missingProperty?: string })?.missingProperty ?? '(body)'),
    message: v.message ?? 'is invalid',
  }));
}

const describe = (problems: FieldProblem[]) => problems.map((p) => `${p.field}: ${p.message}`).join('; ');

/** The one place where errors become answers: 4xx say what is wrong; 5xx say nothing more. */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | DomainError | ZodError, request, reply) => {
      if (err instanceof DomainError) {
        return reply.status(err.statusCode).send({ error: err.message, message: err.message, ...err.body });
      }
      if (err instanceof ZodError) {
        const fields = zodProblems(err);
        return reply.status(400).send({ error: describe(fields), message: describe(fields), fields });
      }
      // A malformed id in the path or the query names nothing: 404, as an unknown one would be.
      const malformedId = (err.validationContext === 'params' || err.validationContext === 'querystring') && err.validation?.find(isMalformedId);
      if (malformedId) return reply.status(404).send({ error: malformedId.message, message: malformedId.message });
      if (err.validation) {
        const fields = validationProblems(err);
        const where = err.validationContext ? `${err.validationContext} ` : '';
        const message = `Invalid ${where}${describe(fields)}`.trim();
        return reply.status(400).send({ error: message, message, fields });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ error: err.message, message: err.message, code: err.code });
      }
      if (isUnavailable(err)) {
        // Postgres or Redis lost, stalled or restarting: the same request may well succeed in a moment.
        request.log.warn({ err: { message: err.message, code: err.code } }, 'store unavailable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ error: 'unavailable', message: 'The service is briefly unavailable: try again in a moment' });
      }
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side' });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      // HEAD on an app route answers like GET (Node sends the headers without the body).
      const read = request.method === 'GET' || request.method === 'HEAD';
      // A file of the built app that is not there (a tab still on the release before asks for its code) is
      // missing, not a page: answered with the app's index.html, a script would fail on its type instead.
      if (path.startsWith('/api/') || path === '/api' || path.startsWith(ASSETS) || !read || !app.hasDecorator('serveIndex')) {
        return reply.status(404).send(routeNotFound(request));
      }
      return (app as unknown as { serveIndex: (r: typeof reply) => unknown }).serveIndex(reply);
    });
  },
  { name: 'errors' },
);
