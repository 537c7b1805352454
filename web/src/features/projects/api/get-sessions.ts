import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer, type Item } from '../../../lib/api-contract';
import { boardKeys } from './keys';

export type BoardSession = Item<ApiAnswer<'/api/projects/{id}/sessions'>['data']>;
export type BoardAnswer = Item<BoardSession['answers']>;

export const getSessions = (projectId: string) => apiGet('/api/projects/{id}/sessions', { params: { id: projectId } }).then((res) => res.data);

export const getSessionsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: boardKeys.sessions(projectId), queryFn: () => getSessions(projectId) });

export const useSessions = (projectId: string) => useQuery(getSessionsQueryOptions(projectId));
