import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer, type Item } from '../../../lib/api-contract';
import { boardKeys } from './keys';

export type BoardMember = Item<ApiAnswer<'/api/advisors'>['data']>;

export const getBoardStatus = () => apiGet('/api/board');

export const useBoardStatus = () => useQuery(queryOptions({ queryKey: boardKeys.status(), queryFn: getBoardStatus }));

/** The assistants ready to deploy: who may sit on the board. */
export const getBoardMembers = () => apiGet('/api/advisors').then((res) => res.data);

export const useBoardMembers = () => useQuery(queryOptions({ queryKey: boardKeys.members(), queryFn: getBoardMembers }));
