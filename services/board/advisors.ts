import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { Queryable } from '../eventstore/store.ts';
import { ValidationError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { compileOutput } from '../components/json-schema.ts';
import { getAssistant, listAdvisors } from '../../projections/assistants/queries.ts';
import { reachableComponents } from '../../projections/components/queries.ts';
import { responseFormatFor, toolsFor } from './llm/request.ts';

/** What one advisor's call is made of: its task as the system prompt, its model, its output format and functions. */
export interface AdvisorSpec {
  assistantId: string;
  name: string;
  model: string;
  system: string;
  responseFormat?: ResponseFormatJSONSchema;
  tools?: ChatCompletionFunctionTool[];
}

/**
 * The advisors a member asked for (default: every assistant ready to deploy), in that order. An id
 * that is not an assistant ready to deploy (unknown, removed, withdrawn from the board) is a 400.
 */
export async function advisorSpecs(db: Queryable, assistantIds?: string[]): Promise<AdvisorSpec[]> {
  const ids = assistantIds?.length ? [...new Set(assistantIds)] : (await listAdvisors(db)).map((a) => a.id);
  if (ids.length === 0) throw new ValidationError('assistantIds: no assistant is ready to deploy on the board yet', 'assistantIds');
  const specs: AdvisorSpec[] = [];
  for (const id of ids) {
    const assistant = isUuid(id) ? await getAssistant(db, id) : null;
    if (!assistant || !assistant.ready_to_deploy) throw new ValidationError(`assistantIds: ${id} is not an assistant on the board`, 'assistantIds');
    const outputs = assistant.output_component_id;
    const schema = outputs.length ? compileOutput(outputs, await reachableComponents(db, outputs)) : null;
    specs.push({
      assistantId: assistant.id,
      name: assistant.name,
      model: assistant.model,
      system: assistant.task,
      ...(schema ? { responseFormat: responseFormatFor(assistant.name, schema) } : {}),
      ...(assistant.functions.length ? { tools: toolsFor(assistant.functions) } : {}),
    });
  }
  return specs;
}
