import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { memberOrg } from '../platform/member.ts';
import { orgAccess } from '../orgs/access.ts';
import { totalPages } from '../platform/paging.ts';
import { exportLedger } from './export/ledger-export.ts';
import type { ExportFormat } from './export/rows.ts';
import { AdminExportQuery, HeadsAnswer, HeadsQuery, MAX_EXPORT_DAYS, MeExportQuery, PublicKeyAnswer, SignHeadsAnswer } from './export-schemas.ts';
import { keptHeads, signAllHeads } from './heads.ts';

const DAY_MS = 86_400_000;
/** Each export holds a connection while it streams: a process runs this many at once. */
const MAX_CONCURRENT_EXPORTS = 4;
let running = 0;

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' };

/** The range asked: `to` defaults to now, `from` to the longest range before it; the wrong order or a longer range is a 400. */
export function exportRange(query: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - MAX_EXPORT_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime()) throw new ValidationError('from must be before to', 'from');
  if (to.getTime() - from.getTime() > MAX_EXPORT_DAYS * DAY_MS) throw new ValidationError(`A range of at most ${MAX_EXPORT_DAYS} days`, 'to');
  return { from, to };
}

async function sendExport(app: FastifyInstance, reply: FastifyReply, orgId: string, query: { from?: string; to?: string; format: ExportFormat }) {
  const { from, to } = exportRange(query);
  if (running >= MAX_CONCURRENT_EXPORTS) throw new DomainError(429, 'too_many_exports', 'Too many exports at once: try again in a moment');
  running++;
  let counted = true;
  const done = () => {
    if (counted) running--;
    counted = false;
  };
  try {
    const found = await exportLedger(app.pg, app.signingKey, { orgId, from, to, format: query.format });
    if (!found) throw new NotFoundError('Organization');
    found.body.on('close', done);
    const stamp = (d: Date) => d.toISOString().slice(0, 10);
    return reply
      .header('content-type', CONTENT_TYPES[query.format])
      .header('content-disposition', `attachment; filename="ledger-${orgId}-${stamp(from)}-${stamp(to)}.${query.format}"`)
      .header('x-export-rows', String(found.rows))
      .header('cache-control', 'no-store')
      .send(found.body);
  } catch (err) {
    done();
    throw err;
  }
}

/** Ledger exports (admins: any organization; members: their own), the public key, and the kept signed heads. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/export/ledger',
    { onRequest: app.requirePermission('admin.audit.view'), schema: { tags: ['audit'], querystring: AdminExportQuery } },
    async (request, reply) => sendExport(app, reply, request.query.orgId ?? memberOrg(request.user), request.query),
  );

  /** The organization's owners and billing members (a plain member: 403). */
  app.get('/api/me/export/ledger', { onRequest: app.requireUser, schema: { tags: ['audit'], querystring: MeExportQuery } }, async (request, reply) => {
    const own = memberOrg(request.user);
    // Another organization's ledger is not found, whatever it is.
    if (request.query.orgId !== undefined && request.query.orgId !== own) {
      exportRange(request.query);
      throw new NotFoundError('Organization');
    }
    await orgAccess(app, request, 'billing');
    return sendExport(app, reply, own, request.query);
  });

  app.get('/api/audit/public-key', { schema: { tags: ['audit'], response: { 200: PublicKeyAnswer } } }, async () => ({
    algorithm: 'Ed25519' as const,
    keyId: app.signingKey.keyId,
    publicKey: app.signingKey.publicKeyPem,
  }));

  app.get(
    '/api/admin/audit/heads',
    { onRequest: app.requirePermission('admin.audit.view'), schema: { tags: ['audit'], querystring: HeadsQuery, response: { 200: HeadsAnswer } } },
    async (request) => {
      const { orgId, page, limit } = request.query;
      const found = await keptHeads(app.pg, { orgId, offset: (page - 1) * limit, limit });
      return { ...found, totalPages: totalPages(found.total, limit), keyId: app.signingKey.keyId };
    },
  );

  /** Signs every organization's head now (the daily job does the same). */
  app.post(
    '/api/admin/audit/heads',
    { onRequest: app.requirePermission('admin.audit.view'), schema: { tags: ['audit'], response: { 201: SignHeadsAnswer } } },
    async (_request, reply) => reply.status(201).send({ signed: await signAllHeads(app.pg, app.signingKey) }),
  );
};

export default exportRoutes;
