import type { DomainEvent } from '../eventstore/types.ts';

export interface AssistantFields {
  name: string;
  description: string;
  task: string;
  model: string;
  tagIds: string[];
  readyToDeploy: boolean;
  outputComponentIds: string[];
}

export interface AssistantFunction {
  functionId: string;
  name: string;
  description: string;
  returnsComponent: string | null;
}

export type AssistantCreated = DomainEvent<'AssistantCreated', { assistantId: string; fields: AssistantFields; at: string }>;
export type AssistantUpdated = DomainEvent<'AssistantUpdated', { assistantId: string; fields: AssistantFields; at: string }>;
export type AssistantFunctionAdded = DomainEvent<'AssistantFunctionAdded', AssistantFunction & { assistantId: string; at: string }>;
export type AssistantFunctionRemoved = DomainEvent<'AssistantFunctionRemoved', { assistantId: string; functionId: string; at: string }>;
export type AssistantEvent = AssistantCreated | AssistantUpdated | AssistantFunctionAdded | AssistantFunctionRemoved;

export interface AssistantState {
  exists: boolean;
  fields: AssistantFields | null;
  functions: { functionId: string; name: string }[];
}

export const DEFAULT_MODEL = 'gpt-4';

/** A model calls a function by its name, and providers accept only these names (OpenAI's tool-name rule). */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export const assistantStreamId = (assistantId: string) => `assistant-${assistantId}`;

export const initialAssistantState = (): AssistantState => ({ exists: false, fields: null, functions: [] });

export function evolveAssistant(state: AssistantState, event: AssistantEvent): AssistantState {
  switch (event.type) {
    case 'AssistantCreated':
      return { exists: true, fields: event.data.fields, functions: [] };
    case 'AssistantUpdated':
      return { ...state, fields: event.data.fields };
    case 'AssistantFunctionAdded':
      return { ...state, functions: [...state.functions, { functionId: event.data.functionId, name: event.data.name }] };
    case 'AssistantFunctionRemoved':
      return { ...state, functions: state.functions.filter((f) => f.functionId !== event.data.functionId) };
  }
}
