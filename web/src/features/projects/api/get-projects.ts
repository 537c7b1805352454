import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { projectKeys } from './keys';

export const getProjects = () => apiGet('/api/projects');

export const getProjectsQueryOptions = () => queryOptions({ queryKey: projectKeys.lists(), queryFn: getProjects });

export const useProjects = () => useQuery(getProjectsQueryOptions());
