import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../platform/errors.ts';
import { reachableComponents } from '../../projections/components/queries.ts';
import { compileComponent, compileOutput } from '../components/json-schema.ts';
import { assistantDecider } from './decider.ts';
import { assistantStreamId, DEFAULT_MODEL, type AssistantFields } from './events.ts';
import { getAssistant, listAssistants } from '../../projections/assistants/queries.ts';
import { resolveOutputComponents, resolveReturnsComponent, resolveTags } from './resolve.ts';
import { assistantView } from './view.ts';
import {
  AssistantList,
  AssistantListQuery,
  Assistant,
  AssistantSaved,
  CreateAssistantBody,
  FunctionAdded,
  FunctionBody,
  AssistantParams,
  SchemaAnswer,
  UpdateAssistantBody,
  type AssistantInput,
} from './schemas.ts';

const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = { onRequest: app.requirePermission('admin.assistants.view') };
  const edit = { onRequest: app.requirePermission('admin.assistants.edit') };
  const tags = ['assistants'];

  /** Resolves names to ids (creating unknown tags in the same transaction) and runs the command. */
  async function save(request: FastifyRequest, id: string, input: AssistantInput, creating: boolean) {
    const outputs = input.output_component_id === undefined ? undefined : await resolveOutputComponents(app.store, input.output_component_id);
    const metadata = app.commands.metadata(request);
    const at = new Date().toISOString();
    const saved = await app.commands.transaction(async (tx) => {
      const fields: Partial<AssistantFields> = {
        name: input.name,
        description: input.description,
        task: input.task,
        model: input.model === undefined ? undefined : input.model || DEFAULT_MODEL,
        tagIds: input.tags === undefined ? undefined : await resolveTags(app.store, tx, input.tags, metadata),
        readyToDeploy: input.ready_to_deploy,
        outputComponentIds: outputs,
      };
      if (creating) {
        const complete: AssistantFields = {
          name: fields.name!,
          description: fields.description ?? '',
          task: fields.task ?? '',
          model: fields.model ?? DEFAULT_MODEL,
          tagIds: fields.tagIds ?? [],
          readyToDeploy: fields.readyToDeploy ?? false,
          outputComponentIds: fields.outputComponentIds ?? [],
        };
        return tx.run(assistantDecider, assistantStreamId(id), { type: 'CreateAssistant', data: { assistantId: id, fields: complete, at } }, {
          metadata,
          expected: 'no_stream',
        });
      }
      return tx.run(assistantDecider, assistantStreamId(id), { type: 'UpdateAssistant', data: { assistantId: id, fields, at } }, { metadata });
    });
    // The answer is what the command's own events say (the read model may still be catching up).
    return { success: true as const, id, data: await assistantView(app.store, id, saved.state) };
  }

  app.get('/', { ...view, schema: { tags, querystring: AssistantListQuery, response: { 200: AssistantList } } }, async (request) =>
    listAssistants(app.readPg, request.query),
  );

  app.get('/:id', { ...view, schema: { tags, params: AssistantParams, response: { 200: Assistant } } }, async (request) => {
    const found = await getAssistant(app.readPg, request.params.id);
    if (!found) throw new NotFoundError('Assistant');
    return found;
  });

  app.post('/', { ...edit, schema: { tags, body: CreateAssistantBody, response: { 201: AssistantSaved } } }, async (request, reply) =>
    reply.status(201).send(await save(request, randomUUID(), request.body, true)),
  );

  app.put('/:id', { ...edit, schema: { tags, params: AssistantParams, body: UpdateAssistantBody, response: { 200: AssistantSaved } } }, async (request) =>
    save(request, request.params.id, request.body, false),
  );

  app.post(
    '/:id/functions',
    { ...edit, schema: { tags, params: AssistantParams, body: FunctionBody, response: { 201: FunctionAdded } } },
    async (request, reply) => {
      const assistantId = request.params.id;
      const { name, description, returns_component } = request.body;
      const returnsComponent = await resolveReturnsComponent(app.store, returns_component);
      const functionId = randomUUID();
      await app.commands.run(
        assistantDecider,
        assistantStreamId(assistantId),
        { type: 'AddFunction', data: { assistantId, functionId, name, description, returnsComponent, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return reply.status(201).send({ success: true as const, id: functionId });
    },
  );

  /**
   * What a model call of the assistant is given: its output components compiled (null when it has
   * none) and its functions, each with the schema of what it returns. 422 only for components that
   * cannot compile (a cycle, a missing one).
   */
  app.get('/:id/schema', { ...view, schema: { tags, params: AssistantParams, response: { 200: SchemaAnswer } } }, async (request) => {
    const found = await getAssistant(app.readPg, request.params.id);
    if (!found) throw new NotFoundError('Assistant');
    const outputs = found.output_component_id;
    const returned = found.functions.flatMap((f) => (f.returns_component ? [f.returns_component] : []));
    const lookup = await reachableComponents(app.readPg, [...outputs, ...returned]);
    return {
      schema: outputs.length ? compileOutput(outputs, lookup) : null,
      functions: found.functions.map((f) => ({
        name: f.name,
        description: f.description,
        returns: f.returns_component ? compileComponent(f.returns_component, lookup) : null,
      })),
    };
  });
};

export default assistantRoutes;
