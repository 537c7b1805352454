import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { releaseOthers, reserve } from '../eventstore/reservations.ts';
import { componentDecider, type DraftDefinition } from './decider.ts';
import { childIds, componentStreamId, type ComponentDefinition } from './events.ts';
import { findCycle } from './json-schema.ts';
import { getComponent, listComponents, reachableComponents } from '../../projections/components/queries.ts';
import { componentsOf, componentView } from './view.ts';
import { COMPONENT_NAME } from './events.ts';
import {
  ComponentAnswer,
  ComponentBody,
  ComponentList,
  ComponentListQuery,
  ComponentParams,
  ComponentQuery,
  ComponentSaved,
  StructureBody,
} from './schemas.ts';

function draftOf(body: ComponentBody): DraftDefinition {
  switch (body.type) {
    case 'term':
      return { type: 'term', description: body.description };
    case 'array':
      return { type: 'array', arrayOfComponentType: body.arrayOfComponentType, arrayOfComponentId: body.arrayOfComponentId, min: body.min, max: body.max };
    case 'object': {
      let structure: unknown = body.structure;
      if (typeof structure === 'string') {
        try {
          structure = structure.trim() ? JSON.parse(structure) : [];
        } catch {
          throw new ValidationError('structure: is not valid JSON', 'structure');
        }
      }
      const parsed = StructureBody.safeParse(structure);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = ['structure', ...issue.path].join('.');
        throw new ValidationError(`${field}: ${issue.message}`, field);
      }
      return { type: 'object', description: body.description, structure: parsed.data };
    }
  }
}

const referenceField = (definition: DraftDefinition) => (definition.type === 'array' ? 'arrayOfComponentId' : 'structure');

/** A changed component must not reach itself through its new children. */
async function refuseCycle(db: Parameters<typeof reachableComponents>[0], id: string, name: string, definition: DraftDefinition) {
  const children = childIds(definition as ComponentDefinition);
  if (children.length === 0) return;
  const lookup = await reachableComponents(db, children);
  if (!lookup.has(id)) return;
  lookup.set(id, { id, name, definition: definition as ComponentDefinition });
  const cycle = findCycle([id], lookup);
  if (cycle) throw new ValidationError(`This change would make a cycle: ${cycle.join(' → ')}`, referenceField(definition));
}

const componentRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = { onRequest: app.requirePermission('admin.assistants.view') };
  const edit = { onRequest: app.requirePermission('admin.assistants.edit') };
  const tags = ['components'];

  async function save(request: Parameters<typeof app.commands.metadata>[0], id: string, body: ComponentBody, creating: boolean) {
    const definition = draftOf(body);
    const children = await componentsOf(app.store, childIds(definition as ComponentDefinition));
    const childTypes = Object.fromEntries([...children].map(([childId, c]) => [childId, c.definition!.type]));
    if (!creating) await refuseCycle(app.pg, id, body.name, definition);
    const command = { componentId: id, name: body.name, definition, childTypes, at: new Date().toISOString() };
    const saved = await app.commands.transaction(async (tx) => {
      const outcome = await tx.run(
        componentDecider,
        componentStreamId(id),
        creating ? { type: 'CreateComponent', data: command } : { type: 'UpdateComponent', data: command },
        { metadata: app.commands.metadata(request), ...(creating ? { expected: 'no_stream' as const } : {}) },
      );
      if (outcome.events.length === 0) return outcome.state;
      await reserve(tx.client, COMPONENT_NAME, body.name, id, 'name');
      await releaseOthers(tx.client, COMPONENT_NAME, id, body.name);
      return outcome.state;
    });
    // The answer is what the command's own events say (the read model may still be catching up).
    return { success: true as const, id, data: componentView(id, saved, children) };
  }

  app.get('/', { ...view, schema: { tags, querystring: ComponentListQuery, response: { 200: ComponentList } } }, async (request) =>
    listComponents(app.readPg, request.query),
  );

  app.get(
    '/:id',
    { ...view, schema: { tags, params: ComponentParams, querystring: ComponentQuery, response: { 200: ComponentAnswer } } },
    async (request) => {
      const data = await getComponent(app.readPg, request.params.id, request.query.hydrate ?? false);
      if (!data) throw new NotFoundError('Component');
      return { data };
    },
  );

  app.post('/', { ...edit, schema: { tags, body: ComponentBody, response: { 201: ComponentSaved } } }, async (request, reply) =>
    reply.status(201).send(await save(request, randomUUID(), request.body, true)),
  );

  app.put(
    '/:id',
    { ...edit, schema: { tags, params: ComponentParams, body: ComponentBody, response: { 200: ComponentSaved } } },
    async (request) => save(request, request.params.id, request.body, false),
  );
};

export default componentRoutes;
