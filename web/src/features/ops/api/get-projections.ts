import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { shouldPollFast } from '../projection-view';
import type { WatchedRebuild } from '../types';
import { opsKeys } from './keys';

const fastMs = 1000;
const idleMs = 10_000;

export const getProjections = () => apiGet('/api/admin/projections');

/** Every second while a rebuild runs (or one this page asked for has yet to finish), else every ten. */
export const getProjectionsQueryOptions = (watched: Record<string, WatchedRebuild> = {}) =>
  queryOptions({
    queryKey: opsKeys.projections(),
    queryFn: getProjections,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (shouldPollFast(query.state.data ?? [], watched, Date.now()) ? fastMs : idleMs),
  });

export const useProjections = (watched?: Record<string, WatchedRebuild>) => useQuery(getProjectionsQueryOptions(watched));
