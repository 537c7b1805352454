import { describe, expect, it } from 'vitest';
import { DuplicateError } from '../platform/errors.ts';
import { decideAssistant, type AssistantCommand } from './decider.ts';
import { evolveAssistant, initialAssistantState, type AssistantEvent, type AssistantFields } from './events.ts';

const at = '2025-01-01T00:00:00.000Z';
const fields: AssistantFields = {
  name: 'Planner',
  description: '',
  task: 'Plan',
  model: 'gpt-4',
  tagIds: ['t1'],
  readyToDeploy: false,
  outputComponentIds: [],
};
const given = (events: AssistantEvent[]) => events.reduce(evolveAssistant, initialAssistantState());
const created: AssistantEvent = { type: 'AssistantCreated', data: { assistantId: 'a1', fields, at } };
const fnAdded = (functionId: string, name: string): AssistantEvent => ({
  type: 'AssistantFunctionAdded',
  data: { assistantId: 'a1', functionId, name, description: '', returnsComponent: null, at },
});
const when = (events: AssistantEvent[], command: AssistantCommand) => decideAssistant(command, given(events));

describe('assistant decider', () => {
  it('updates only the fields given and records nothing when nothing changes', () => {
    expect(when([created], { type: 'UpdateAssistant', data: { assistantId: 'a1', fields: { readyToDeploy: true, task: undefined }, at } })).toEqual([
      { type: 'AssistantUpdated', data: { assistantId: 'a1', fields: { ...fields, readyToDeploy: true }, at } },
    ]);
    expect(when([created], { type: 'UpdateAssistant', data: { assistantId: 'a1', fields: { name: 'Planner' }, at } })).toEqual([]);
  });

  it('refuses to update or add functions to an assistant that does not exist', () => {
    expect(() => when([], { type: 'UpdateAssistant', data: { assistantId: 'a1', fields: {}, at } })).toThrow('Assistant not found');
    expect(() =>
      when([], { type: 'AddFunction', data: { assistantId: 'a1', functionId: 'f1', name: 'f', description: '', returnsComponent: null, at } }),
    ).toThrow('Assistant not found');
  });

  it('refuses a second function of the same name in any case', () => {
    const add = () =>
      when([created, fnAdded('f1', 'lookup')], {
        type: 'AddFunction',
        data: { assistantId: 'a1', functionId: 'f2', name: 'LookUp', description: '', returnsComponent: null, at },
      });
    expect(add).toThrow(DuplicateError);
  });

  it('removes a function it holds, and answers not found for one removed already', () => {
    const removed: AssistantEvent = { type: 'AssistantFunctionRemoved', data: { assistantId: 'a1', functionId: 'f1', at } };
    const remove: AssistantCommand = { type: 'RemoveFunction', data: { assistantId: 'a1', functionId: 'f1', at } };
    expect(when([created, fnAdded('f1', 'lookup')], remove)).toEqual([removed]);
    expect(() => when([created, fnAdded('f1', 'lookup'), removed], remove)).toThrow('Function not found');
  });

  it('lets a removed function name be used again', () => {
    const removed: AssistantEvent = { type: 'AssistantFunctionRemoved', data: { assistantId: 'a1', functionId: 'f1', at } };
    const events = when([created, fnAdded('f1', 'lookup'), removed], {
      type: 'AddFunction',
      data: { assistantId: 'a1', functionId: 'f2', name: 'lookup', description: '', returnsComponent: null, at },
    });
    expect(events).toHaveLength(1);
  });
});
