import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { projectKeys, type Project } from './keys';

export interface CreateProjectInput {
  name: string;
  description: string;
}

export const createProject = (input: CreateProjectInput) => apiFetch<Project>('/api/projects', { method: 'POST', body: input });

/** The server answers once its read model shows the project, so the list refetched right after includes it. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
