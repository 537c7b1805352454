import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildUrl } from '../../../lib/api';
import { apiGet } from '../../../lib/api-contract';

export interface UsageFilter {
  from: string;
  to: string;
  projectId?: string;
}

/** The member's organization's metered usage per day and meter (of one project, or all). */
export const useMeteredUsage = (filter: UsageFilter) =>
  useQuery({ queryKey: ['me', 'usage', filter], queryFn: () => apiGet('/api/me/usage', { query: filter }), placeholderData: keepPreviousData });

/** Each meter's unit ('token', 'call') as the rate card in force names it; a meter it no longer lists counts in 'unit'. */
export const useMeterUnits = () =>
  useQuery({
    queryKey: ['rate-card', 'current'],
    queryFn: () => apiGet('/api/rate-card', {}),
    select: (card) => new Map(card.entries.map((e) => [e.meter, e.unit || 'unit'])),
  });

/** The same rows as a CSV file (the server names it). */
export const usageCsvUrl = (filter: UsageFilter) => buildUrl('/api/me/usage/export', { ...filter });
