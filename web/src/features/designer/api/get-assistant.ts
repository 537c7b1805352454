import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';
import type { Assistant } from './types';

export const getAssistant = (id: string) => apiFetch<Assistant>(`/api/admin/assistants/${encodeURIComponent(id)}`);

export const getAssistantQueryOptions = (id: string) =>
  queryOptions({ queryKey: designerKeys.assistant(id), queryFn: () => getAssistant(id) });

export const useAssistant = (id: string | null) => useQuery({ ...getAssistantQueryOptions(id ?? ''), enabled: !!id });
