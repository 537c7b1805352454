import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import type { StreamPage } from '../types';
import { auditKeys, type StreamPageParams } from './keys';

export const streamEventsPath = (streamId: string) => `/api/admin/streams/${encodeURIComponent(streamId)}/events`;

export const getStreamEvents = (streamId: string, params: StreamPageParams): Promise<StreamPage> =>
  apiGet('/api/admin/streams/{streamId}/events', { params: { streamId }, query: params });

export const getStreamEventsQueryOptions = (streamId: string, params: StreamPageParams) =>
  queryOptions({
    queryKey: auditKeys.events(streamId, params),
    queryFn: () => getStreamEvents(streamId, params),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useStreamEvents = (streamId: string, params: StreamPageParams) => useQuery(getStreamEventsQueryOptions(streamId, params));
