import { z } from 'zod';

export const TagName = z.string().trim().min(1, 'name is required').max(100);
export const Tag = z.object({ id: z.string(), name: z.string(), description: z.string() });
export const TagList = z.object({ data: z.array(Tag) });
export const CreateTagBody = z.object({ name: TagName, description: z.string().trim().max(1000).default('') });
export const TagCreatedAnswer = z.object({ id: z.string(), name: z.string(), existing: z.boolean() });
