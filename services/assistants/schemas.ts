import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { FUNCTION_NAME_PATTERN } from './events.ts';

const TagRef = z.union([z.string().max(200), z.object({ id: z.string().max(200).optional(), name: z.string().max(200).optional() })]);
const ComponentRefs = z.union([z.string().max(5000), z.array(z.string().max(200)).max(50)]);

const fields = {
  name: z.string().trim().min(1, 'name is required').max(200),
  description: z.string().trim().max(5000),
  task: z.string().trim().max(20_000),
  model: z.string().trim().max(100),
  /** Tag ids or names (a name not known yet creates the tag), or one comma-separated text. */
  tags: z.union([z.string().max(5000), z.array(TagRef).max(100)]),
  ready_to_deploy: z.boolean(),
  /** Object component ids or names; stored as ids. */
  output_component_id: ComponentRefs,
};
export const CreateAssistantBody = z.object(fields).partial().required({ name: true });
export const UpdateAssistantBody = z.object(fields).partial();
export type AssistantInput = z.infer<typeof UpdateAssistantBody>;

export const FunctionBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .regex(FUNCTION_NAME_PATTERN, 'use 1 to 64 letters, digits, _ or - (a model calls the function by this name)'),
  description: z.string().trim().max(5000).default(''),
  /** A component id or name; empty for none. */
  returns_component: z.string().trim().max(200).nullable().optional(),
});

const Named = z.object({ id: z.string(), name: z.string() });
export const AssistantFunction = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  returns_component: z.string().nullable(),
  returns_component_name: z.string().nullable(),
});
export const Assistant = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  task: z.string(),
  model: z.string(),
  tags: z.array(Named),
  ready_to_deploy: z.boolean(),
  output_component_id: z.array(z.string()),
  output_components: z.array(Named),
  functions: z.array(AssistantFunction),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assistant = z.infer<typeof Assistant>;

export const SORT_FIELDS = ['id', 'name', 'model', 'ready_to_deploy', 'created_at', 'updated_at'] as const;
export const AssistantListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  sortField: z.enum(SORT_FIELDS).default('id'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export const AssistantList = z.object({ data: z.array(Assistant), totalPages: z.number(), page: z.number(), total: z.number() });
export const AssistantParams = z.object({ id: idParam('Assistant') });
export const FunctionParams = z.object({ id: idParam('Function') });
export const AssistantSaved = z.object({ success: z.literal(true), id: z.string(), data: Assistant });
export const FunctionAdded = z.object({ success: z.literal(true), id: z.string() });
export const Removed = z.object({ success: z.literal(true) });
export const SchemaAnswer = z.object({
  /** The output components compiled; null for an assistant without any. */
  schema: z.record(z.string(), z.unknown()).nullable(),
  functions: z.array(z.object({ name: z.string(), description: z.string(), returns: z.record(z.string(), z.unknown()).nullable() })),
});

export const Advisor = z.object({ id: z.string(), name: z.string(), description: z.string(), tags: z.array(Named) });
export const AdvisorList = z.object({ data: z.array(Advisor) });
