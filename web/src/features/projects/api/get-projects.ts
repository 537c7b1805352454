import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { projectKeys, type Project } from './keys';

export const getProjects = () => apiFetch<Project[]>('/api/projects');

export const getProjectsQueryOptions = () => queryOptions({ queryKey: projectKeys.lists(), queryFn: getProjects });

export const useProjects = () => useQuery(getProjectsQueryOptions());
