import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../platform/errors.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { projectDecider } from '../projects/decider.ts';
import { projectStreamId } from '../projects/events.ts';
import { listAdvisors } from '../../projections/assistants/queries.ts';
import { boardOf, ownProject } from './ask.ts';
import { MEETING_MODES, MODE_TABLE, SYNTHESIS } from './modes/table.ts';
import { ModeTableAnswer, ProjectParams, SavedBoardAnswer, SaveBoardBody } from './schemas.ts';

const tags = ['board'];

/** A project's saved board: who sits on it, who chairs, the mode and rounds its sessions start with. */
export const savedBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/:id/board', { schema: { tags, params: ProjectParams, response: { 200: SavedBoardAnswer, 404: ErrorAnswer } } }, async (request) =>
    boardOf(app, await ownProject(app, request, request.params.id)),
  );

  app.put(
    '/:id/board',
    { schema: { tags, params: ProjectParams, body: SaveBoardBody, response: { 200: SavedBoardAnswer, 400: ErrorAnswer, 404: ErrorAnswer } } },
    async (request) => {
      const project = await ownProject(app, request, request.params.id);
      const { assistantIds, chairId = null, mode, rounds } = request.body;
      const ids = [...new Set(assistantIds)];
      const ready = new Set((await listAdvisors(app.pg)).map((a) => a.id));
      const unknown = ids.find((id) => !ready.has(id));
      if (unknown) throw new ValidationError(`assistantIds: ${unknown} is not an assistant on the board`, 'assistantIds');
      const data = { projectId: project.id, orgId: project.orgId, assistantIds: ids, chairId, mode, rounds, userId: request.user!.id, at: new Date().toISOString() };
      const outcome = await app.commands.run(projectDecider, projectStreamId(project.id), { type: 'SaveBoard', data }, { metadata: app.commands.metadata(request) });
      return boardOf(app, outcome.state);
    },
  );
};

/** The meeting modes as the advisors are asked: prompt templates, output shapes and limits, in one table. */
export const modeTableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { onRequest: app.requirePermission('admin.assistants.view'), schema: { tags, response: { 200: ModeTableAnswer } } }, async () => ({
    data: MEETING_MODES.map((m) => {
      const { mode, label, purpose, template, respond, words, maxOutputTokens, shape } = MODE_TABLE[m];
      return { mode, label, purpose, template, respond, words, maxOutputTokens, shape };
    }),
    synthesis: { template: SYNTHESIS.template, words: SYNTHESIS.words, maxOutputTokens: SYNTHESIS.maxOutputTokens, shape: SYNTHESIS.shape },
  }));
};
