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

export const DriftCheckBody = z.object({ name: z.string().max(100).optional() });
export const DriftCheckAnswer = z.object({ accepted: z.boolean(), names: z.array(z.string()) });
export const DriftDifference = z.object({
  table: z.string(),
  key: z.record(z.string(), z.unknown()),
  live: z.record(z.string(), z.unknown()).nullable(),
  log: z.record(z.string(), z.unknown()).nullable(),
});
export const DriftList = z.array(
  z.object({
    readModel: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    progress: z.number(),
    rows: z.number(),
    differences: z.array(DriftDifference),
    error: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
