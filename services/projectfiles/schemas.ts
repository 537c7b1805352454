import { z } from 'zod';
import { idParam } from '../platform/ids.ts';

export const FileAnswer = z.object({ id: z.string(), name: z.string(), bytes: z.number(), pages: z.number().optional() });
export const FileList = z.object({ data: z.array(FileAnswer.extend({ createdAt: z.string() })) });
export const ProjectParams = z.object({ id: idParam('Project') });
export const FileParams = ProjectParams.extend({ fileId: idParam('File') });
