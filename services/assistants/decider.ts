import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, DuplicateError, NotFoundError } from '../platform/errors.ts';
import {
  evolveAssistant,
  initialAssistantState,
  type AssistantEvent,
  type AssistantFields,
  type AssistantFunction,
  type AssistantState,
} from './events.ts';

export type CreateAssistant = { type: 'CreateAssistant'; data: { assistantId: string; fields: AssistantFields; at: string } };
/** Fields left out keep their value. */
export type UpdateAssistant = { type: 'UpdateAssistant'; data: { assistantId: string; fields: Partial<AssistantFields>; at: string } };
export type AddFunction = { type: 'AddFunction'; data: AssistantFunction & { assistantId: string; at: string } };
export type RemoveFunction = { type: 'RemoveFunction'; data: { assistantId: string; functionId: string; at: string } };
export type AssistantCommand = CreateAssistant | UpdateAssistant | AddFunction | RemoveFunction;

function mustExist(state: AssistantState) {
  if (!state.exists) throw new NotFoundError('Assistant');
}

function create({ data }: CreateAssistant, state: AssistantState): AssistantEvent[] {
  if (state.exists) throw new ConflictError('Assistant already exists');
  return [{ type: 'AssistantCreated', data }];
}

function update({ data }: UpdateAssistant, state: AssistantState): AssistantEvent[] {
  mustExist(state);
  const defined = Object.entries(data.fields).filter(([, value]) => value !== undefined);
  const fields = { ...state.fields!, ...Object.fromEntries(defined) } as AssistantFields;
  if (JSON.stringify(state.fields) === JSON.stringify(fields)) return [];
  return [{ type: 'AssistantUpdated', data: { assistantId: data.assistantId, fields, at: data.at } }];
}

/** A model calls a function by its name: two functions of one assistant may not share it. */
function addFunction({ data }: AddFunction, state: AssistantState): AssistantEvent[] {
  mustExist(state);
  if (state.functions.some((f) => f.functionId === data.functionId)) throw new ConflictError('Function already exists');
  if (state.functions.some((f) => f.name.toLowerCase() === data.name.toLowerCase())) throw new DuplicateError('name');
  return [{ type: 'AssistantFunctionAdded', data }];
}

function removeFunction({ data }: RemoveFunction, state: AssistantState): AssistantEvent[] {
  mustExist(state);
  if (!state.functions.some((f) => f.functionId === data.functionId)) throw new NotFoundError('Function');
  return [{ type: 'AssistantFunctionRemoved', data }];
}

export function decideAssistant(command: AssistantCommand, state: AssistantState): AssistantEvent[] {
  switch (command.type) {
    case 'CreateAssistant':
      return create(command, state);
    case 'UpdateAssistant':
      return update(command, state);
    case 'AddFunction':
      return addFunction(command, state);
    case 'RemoveFunction':
      return removeFunction(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const assistantDecider: Decider<AssistantCommand, AssistantEvent, AssistantState> = {
  initialState: initialAssistantState,
  evolve: evolveAssistant,
  decide: decideAssistant,
};
