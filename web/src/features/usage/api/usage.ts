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

/** The same rows as a CSV file (the server names it). */
export const usageCsvUrl = (filter: UsageFilter) => buildUrl('/api/me/usage/export', { ...filter });
