import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../eventstore/errors.ts';
import { projectDecider } from './decider.ts';
import { projectStreamId } from './events.ts';
import { CreateProjectBody, Project, ProjectList, ProjectParams } from './schemas.ts';
import { isUuid } from '../auth/ids.ts';


const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/', { schema: { tags: ['projects'], response: { 200: ProjectList } } }, async (request) => {
    const orgId = request.user!.organization_id;
    if (!orgId) return [];
    const res = await app.pg.query({
      name: 'projects-of-org',
      text: 'SELECT id, name, description FROM projects WHERE org_id = $1 ORDER BY created_at DESC, id LIMIT 500',
      values: [orgId],
    });
    return res.rows;
  });

  app.post('/', { schema: { tags: ['projects'], body: CreateProjectBody, response: { 201: Project } } }, async (request, reply) => {
    const user = request.user!;
    if (!user.organization_id) throw new ValidationError('Create your organization on your profile first', 'organization');
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
    if (!isUuid(id) || !orgId) throw new NotFoundError('Project');
    const res = await app.pg.query('SELECT id, name, description FROM projects WHERE id = $1 AND org_id = $2', [id, orgId]);
    if (res.rowCount === 0) throw new NotFoundError('Project');
    return res.rows[0];
  });
};

export default projectRoutes;
