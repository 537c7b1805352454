import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import { componentDecider, type DraftDefinition } from '../components/decider.ts';
import { componentStreamId, type ComponentType } from '../components/events.ts';
import { COMPONENT_NAME } from '../components/events.ts';
import { createTag, tagIdByName } from '../tags/store.ts';
import { assistantDecider } from './decider.ts';
import { assistantStreamId, DEFAULT_MODEL } from './events.ts';

const metadata = { actor: 'system' };

async function component(app: FastifyInstance, name: string, definition: DraftDefinition, childTypes: Record<string, ComponentType> = {}) {
  const componentId = randomUUID();
  await app.commands.transaction(async (tx) => {
    await tx.run(componentDecider, componentStreamId(componentId), {
      type: 'CreateComponent',
      data: { componentId, name, definition, childTypes, at: new Date().toISOString() },
    }, { metadata, expected: 'no_stream' });
    await reserve(tx.client, COMPONENT_NAME, name, componentId, 'name');
  });
  return componentId;
}

async function tag(app: FastifyInstance, name: string, description: string) {
  return (await tagIdByName(app.pg, name)) ?? (await app.commands.transaction((tx) => createTag(tx, name, description, metadata)));
}

/** Demo designer data for `npm start`: a few components and two advisors ready to deploy. Runs once per database (true: it ran now). */
export async function seedDemoDesigner(app: FastifyInstance): Promise<boolean> {
  if (await reservationOwner(app.pg, COMPONENT_NAME, 'Key Point')) return false;
  const point = await component(app, 'Key Point', { type: 'term', description: 'One observation, in a sentence' });
  const step = await component(app, 'Next Step', { type: 'term', description: 'One concrete action, with who does it' });
  const steps = await component(app, 'Next Steps', { type: 'array', arrayOfComponentType: 'term', arrayOfComponentId: step, min: 1, max: 5 }, { [step]: 'term' });
  const advice = await component(
    app,
    'Advice',
    {
      type: 'object',
      description: 'What an advisor hands back to the founder',
      structure: [
        { name: 'summary', child_component_id: point },
        { name: 'next_steps', child_component_id: steps },
      ],
    },
    { [point]: 'term', [steps]: 'array' },
  );
  const strategy = await tag(app, 'Strategy', 'Direction and positioning');
  const finance = await tag(app, 'Finance', 'Cash, pricing and funding');
  const advisors = [
    { name: 'Strategy Advisor', description: 'Challenges your direction and positioning', task: 'Review the challenge and advise on strategy', tagIds: [strategy] },
    { name: 'Finance Advisor', description: 'Keeps an eye on cash, pricing and funding', task: 'Review the numbers and advise on finance', tagIds: [finance] },
  ];
  for (const a of advisors) {
    const assistantId = randomUUID();
    await app.commands.run(assistantDecider, assistantStreamId(assistantId), {
      type: 'CreateAssistant',
      data: { assistantId, fields: { ...a, model: DEFAULT_MODEL, readyToDeploy: true, outputComponentIds: [advice] }, at: new Date().toISOString() },
    }, { metadata, expected: 'no_stream' });
  }
  return true;
}
