import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { projectDecider } from './decider.ts';
import { projectStreamId } from './events.ts';
import { CreateProjectBody, Project, ProjectList, ProjectParams } from './schemas.ts';
import { sendJsonText } from '../platform/json-text.ts';
import { findProject, listProjectsJson } from '../../projections/projects/queries.ts';
import { orgIsActive } from '../../projections/orgs/queries.ts';
import { OrganizationInactive } from '../credits/errors.ts';


const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/', { schema: { tags: ['projects'], response: { 200: ProjectList } } }, async (request, reply) => {
    const orgId = request.user!.organization_id;
    if (!orgId) return [];
    return sendJsonText(reply, await listProjectsJson(app.readPg, orgId));
  });

  app.post('/', { schema: { tags: ['projects'], body: CreateProjectBody, response: { 201: Project } } }, async (request, reply) => {
    const user = request.user!;
    if (!user.organization_id) throw new ValidationError('Create your organization on your profile first', 'organization');
    // As for debits: a disabled organization starts nothing new (its read model follows an admin's toggle before that answers).
    if ((await orgIsActive(app.pg, user.organization_id)) === false) throw new OrganizationInactive();
    const projectId = randomUUID();
    const { name, description } = request.body;
    await app.commands.run(
      projectDecider,
      projectStreamId(projectId),
      {
        type: 'CreateProject',
        data: { projectId, orgId: user.organization_id, name, description, createdBy: user.id, at: new Date().toISOString() },
      },
      { metadata: app.commands.metadata(request), expected: 'no_stream' },
    );
    return reply.status(201).send({ id: projectId, name, description });
  });

  app.get('/:id', { schema: { tags: ['projects'], params: ProjectParams, response: { 200: Project } } }, async (request) => {
    const { id } = request.params;
    const orgId = request.user!.organization_id;
    if (!orgId) throw new NotFoundError('Project');
    const project = await findProject(app.readPg, id, orgId);
    if (!project) throw new NotFoundError('Project');
    return project;
  });
};

export default projectRoutes;
