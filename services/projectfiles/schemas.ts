import { z } from 'zod';

export const FileAnswer = z.object({ id: z.string(), name: z.string(), bytes: z.number(), pages: z.number().optional() });
export const FileList = z.object({ data: z.array(FileAnswer.extend({ createdAt: z.string() })) });
export const FileParams = z.object({ id: z.string(), fileId: z.string() });
