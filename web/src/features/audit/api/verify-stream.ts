import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { auditKeys } from './keys';

export const verifyStream = (streamId: string) => apiGet('/api/admin/streams/{streamId}/verify', { params: { streamId } });

/** Runs only when asked (the Verify button calls refetch), and again on every ask. */
export const verifyStreamQueryOptions = (streamId: string) =>
  queryOptions({ queryKey: auditKeys.verify(streamId), queryFn: () => verifyStream(streamId), enabled: false, retry: false, gcTime: 0 });

export const useVerifyStream = (streamId: string) => useQuery(verifyStreamQueryOptions(streamId));
