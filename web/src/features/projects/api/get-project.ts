import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { projectKeys } from './keys';

export const getProject = (id: string) => apiGet('/api/projects/{id}', { params: { id } });

export const getProjectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => getProject(id), retry: false });

export const useProject = (id: string) => useQuery(getProjectQueryOptions(id));
