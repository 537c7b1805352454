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

/**
 * A meter's unit when the rate card in force does not list it: a model's tokens (`llm.<model>.input_tokens`,
 * a board call's, priced by the board's default while no card names them) count in tokens, anything else in 'unit'.
 */
const unlistedUnit = (meter: string) => (/^llm\..+\.(input|output)_tokens$/.test(meter) ? 'token' : 'unit');

/** Each meter's unit ('token', 'call') as the rate card in force names it. */
export const useMeterUnits = () => {
  const card = useQuery({
    queryKey: ['rate-card', 'current'],
    queryFn: () => apiGet('/api/rate-card', {}),
    select: (answer) => new Map(answer.entries.map((e) => [e.meter, e.unit || 'unit'])),
  });
  return (meter: string) => card.data?.get(meter) ?? unlistedUnit(meter);
};

/** The same rows as a CSV file (the server names it). */
export const usageCsvUrl = (filter: UsageFilter) => buildUrl('/api/me/usage/export', { ...filter });
