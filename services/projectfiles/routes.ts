import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadState } from '../eventstore/command-handler.ts';
import { DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { storable } from '../platform/text.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { projectDecider } from '../projects/decider.ts';
import { projectStreamId } from '../projects/events.ts';
import { listFiles } from '../../projections/project-files/queries.ts';
import { projectFileDecider } from './decider.ts';
import { projectFileStreamId } from './events.ts';
import { extractFileText, MAX_FILE_BYTES } from './extract.ts';
import { chunkText } from './ranking.ts';
import { FileAnswer, FileList, FileParams, ProjectParams } from './schemas.ts';

const tags = ['project files'];

class FileTooLarge extends DomainError {
  constructor() {
    super(413, 'file_too_large', `A file may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB`, { error: 'file_too_large' });
  }
}

class UploadFromForm extends DomainError {
  constructor() {
    super(415, 'unsupported_media_type', 'A file upload needs the X-Requested-With header (a form on another site cannot send it)', { error: 'unsupported_media_type' });
  }
}

/** A multipart body is what a cross-site form can post without a preflight: an upload must also carry X-Requested-With. */
async function refuseFormPosts(request: FastifyRequest) {
  if (!request.headers['x-requested-with']) throw new UploadFromForm();
}

async function ownProject(app: FastifyInstance, request: FastifyRequest, id: string) {
  const orgId = request.user?.organization_id;
  if (!orgId) throw new NotFoundError('Project');
  const project = await loadState(app.store, projectDecider, projectStreamId(id));
  if (!project.exists || project.orgId !== orgId) throw new NotFoundError('Project');
  return { ...project, id, orgId };
}

/** Reads the one file of a multipart body, refusing one over the limit. */
async function uploaded(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new ValidationError('Send the file as multipart/form-data', 'file');
    throw err;
  }
  if (!part) throw new ValidationError('file is required', 'file');
  try {
    const bytes = await part.toBuffer();
    return { name: part.filename || 'file', bytes };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLarge();
    throw err;
  }
}

/** A project's context files: uploaded (text extracted at once), listed, removed. */
const projectFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  // Only the upload takes multipart (in its own scope), and only with a header a cross-site form cannot send.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
    upload.addHook('onRequest', refuseFormPosts);
    upload.withTypeProvider<ZodTypeProvider>().post('/:id/files', { schema: { tags, params: ProjectParams, response: { 201: FileAnswer, 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer, 413: ErrorAnswer, 415: ErrorAnswer, 422: ErrorAnswer } } }, async (request, reply) => {
      const project = await ownProject(app, request, request.params.id);
      const { name: raw, bytes } = await uploaded(request);
      const name = storable(raw).replace(/[\\/]/g, '_').slice(0, 200);
      const { text, pages, mediaType } = await extractFileText(name, bytes);
      const fileId = randomUUID();
      const at = new Date().toISOString();
      const userId = request.user!.id;
      const metadata = app.commands.metadata(request);
      await app.commands.transaction(async (tx) => {
        await tx.run(projectDecider, projectStreamId(project.id), { type: 'AttachFile', data: { projectId: project.id, orgId: project.orgId, fileId, name, bytes: bytes.length, pages, userId, at } }, { metadata });
        await tx.run(
          projectFileDecider,
          projectFileStreamId(fileId),
          { type: 'StoreFile', data: { fileId, projectId: project.id, orgId: project.orgId, name, mediaType, bytes: bytes.length, pages, chunks: chunkText(storable(text)), userId, at } },
          { metadata, expected: 'no_stream' },
        );
      });
      return reply.status(201).send({ id: fileId, name, bytes: bytes.length, ...(pages !== null ? { pages } : {}) });
    });
  });

  app.get('/:id/files', { schema: { tags, params: ProjectParams, response: { 200: FileList, 404: ErrorAnswer } } }, async (request) => {
    const project = await ownProject(app, request, request.params.id);
    const files = await listFiles(app.readPg, project.id, project.orgId);
    return { data: files.map(({ pages, ...f }) => ({ ...f, ...(pages !== null ? { pages } : {}) })) };
  });

  app.delete('/:id/files/:fileId', { schema: { tags, params: FileParams, response: { 204: z.null(), 404: ErrorAnswer } } }, async (request, reply) => {
    const project = await ownProject(app, request, request.params.id);
    const { fileId } = request.params;
    const metadata = app.commands.metadata(request);
    const data = { projectId: project.id, orgId: project.orgId, fileId, userId: request.user!.id, at: new Date().toISOString() };
    await app.commands.transaction(async (tx) => {
      await tx.run(projectDecider, projectStreamId(project.id), { type: 'DetachFile', data }, { metadata });
      await tx.run(projectFileDecider, projectFileStreamId(fileId), { type: 'RemoveFile', data }, { metadata });
    });
    return reply.status(204).send(null);
  });
};

export default projectFileRoutes;
