import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { designerKeys } from './keys';

export const getAssistant = (id: string) => apiGet('/api/admin/assistants/{id}', { params: { id } });

export const getAssistantQueryOptions = (id: string) =>
  queryOptions({ queryKey: designerKeys.assistant(id), queryFn: () => getAssistant(id) });

export const useAssistant = (id: string | null) => useQuery({ ...getAssistantQueryOptions(id ?? ''), enabled: !!id });
