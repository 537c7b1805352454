import { z } from 'zod';

export const ProjectionStatus = z.object({
  name: z.string(),
  version: z.number(),
  position: z.number(),
  headPosition: z.number(),
  lag: z.number(),
  lagSeconds: z.number(),
  status: z.enum(['live', 'rebuilding', 'failed']),
  progress: z.number(),
  lastError: z.string().nullable(),
  rebuildingVersion: z.number().nullable(),
  oldestOpenTransactionSeconds: z.number(),
});
export const ProjectionList = z.array(ProjectionStatus);
export const ProjectionParams = z.object({ name: z.string().max(100) });
export const RebuildAnswer = z.object({ accepted: z.boolean(), name: z.string() });
export const RetryAnswer = z.object({ accepted: z.boolean(), name: z.string() });
export const Metrics = z.object({ commands: z.number(), retries: z.number(), statements: z.number() });
