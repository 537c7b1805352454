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
  functions: AssistantFunction[];
  createdAt: string | null;
  updatedAt: string | null;
}

export const DEFAULT_MODEL = 'gpt-4';

/** A model calls a function by its name, and providers accept only these names (OpenAI's tool-name rule). */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export const assistantStreamId = (assistantId: string) => `assistant-${assistantId}`;

export const initialAssistantState = (): AssistantState => ({ exists: false, fields: null, functions: [], createdAt: null, updatedAt: null });

export function evolveAssistant(state: AssistantState, event: AssistantEvent): AssistantState {
  switch (event.type) {
    case 'AssistantCreated':
      return { exists: true, fields: event.data.fields, functions: [], createdAt: event.data.at, updatedAt: event.data.at };
    case 'AssistantUpdated':
      return { ...state, fields: event.data.fields, updatedAt: event.data.at };
    case 'AssistantFunctionAdded': {
      const { functionId, name, description, returnsComponent } = event.data;
      return { ...state, functions: [...state.functions, { functionId, name, description, returnsComponent }] };
    }
    case 'AssistantFunctionRemoved':
      return { ...state, functions: state.functions.filter((f) => f.functionId !== event.data.functionId) };
  }
}
