import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { projectKeys, type Project } from './keys';

export const getProject = (id: string) => apiFetch<Project>(`/api/projects/${encodeURIComponent(id)}`);

export const getProjectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => getProject(id), retry: false });

export const useProject = (id: string) => useQuery(getProjectQueryOptions(id));
