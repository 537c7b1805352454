import { z } from 'zod';

const field = (name: string, max: number) => z.string().trim().max(max, `${name} must be at most ${max} characters`).default('');

export const OrgProfileBody = z.object({
  industry: field('industry', 120),
  stage: field('stage', 120),
  size: field('size', 120),
  goals: field('goals', 2000),
});
export const OrgProfileAnswer = z.object({
  industry: z.string(),
  stage: z.string(),
  size: z.string(),
  goals: z.string(),
  updatedAt: z.string().nullable(),
});
