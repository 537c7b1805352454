import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

export const useModeTable = () => useQuery(queryOptions({ queryKey: ['board', 'modes'] as const, queryFn: () => apiGet('/api/admin/board/modes') }));
