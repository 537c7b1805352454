import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { COMPONENT_TYPES } from './events.ts';

export const ComponentTypeEnum = z.enum(COMPONENT_TYPES);
const Name = z.string().trim().min(1, 'name is required').max(200);
const Text = z.string().trim().max(5000).default('');
const Bound = z.number().int('must be a whole number').min(0, 'must be at least 0').max(100_000);

export const PropertyBody = z.object({
  name: z.string().max(200),
  type: ComponentTypeEnum.optional(),
  child_component_id: z.uuid('must be a component id'),
  required: z.boolean().optional(),
  child_type: ComponentTypeEnum.optional(),
});
export const StructureBody = z.array(PropertyBody).max(200);

export const ComponentBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('term'), name: Name, description: Text }),
  z.object({
    type: z.literal('array'),
    name: Name,
    arrayOfComponentType: ComponentTypeEnum,
    arrayOfComponentId: z.uuid('must be a component id'),
    min: Bound,
    max: Bound,
  }),
  z.object({
    type: z.literal('object'),
    name: Name,
    description: Text,
    /** A list of properties, or the same list as JSON text (parsed by the route, so a bad text names `structure`). */
    structure: z.union([StructureBody, z.string().max(200_000)]).default([]),
  }),
]);
export type ComponentBody = z.infer<typeof ComponentBody>;

const Property = z.object({
  name: z.string(),
  type: ComponentTypeEnum,
  child_component_id: z.string(),
  required: z.boolean(),
  child_type: ComponentTypeEnum,
  child_component_name: z.string().nullable().optional(),
});

export const Component = z.object({
  id: z.string(),
  name: z.string(),
  type: ComponentTypeEnum,
  created_at: z.string(),
  updated_at: z.string(),
  description: z.string().optional(),
  arrayOfComponentType: ComponentTypeEnum.optional(),
  arrayOfComponentId: z.string().optional(),
  arrayOfComponentName: z.string().nullable().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  structure: z.array(Property).optional(),
});
export type Component = z.infer<typeof Component>;

const Flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The spec fetches component lists with limit 99999: honoured, never cut silently; more is refused. */
export const MAX_COMPONENT_PAGE = 99_999;
const DEFAULT_COMPONENT_PAGE = 500;

export const ComponentListQuery = z.object({
  type: ComponentTypeEnum.optional(),
  hydrate: Flag.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_COMPONENT_PAGE, `limit must be at most ${MAX_COMPONENT_PAGE}`).default(DEFAULT_COMPONENT_PAGE),
  page: z.coerce.number().int().min(1).default(1),
});
export const ComponentQuery = z.object({ hydrate: Flag.optional() });
export const ComponentParams = z.object({ id: idParam('Component') });

export const ComponentList = z.object({
  data: z.array(Component),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export const ComponentAnswer = z.object({ data: Component });
export const ComponentSaved = z.object({ success: z.literal(true), id: z.string(), data: Component });
