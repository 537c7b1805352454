import { z } from 'zod';
import { idParam } from '../platform/ids.ts';

export const Project = z.object({ id: z.string(), name: z.string(), description: z.string() });
export const ProjectList = z.array(Project);
export const CreateProjectBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(5000).default(''),
});
export const ProjectParams = z.object({ id: idParam('Project') });
