import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import type { CreateProjectInput } from '../types';
import { projectKeys } from './keys';

export const createProject = (input: CreateProjectInput) => apiPost('/api/projects', { body: input });

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
