import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { designerKeys } from './keys';

export const getAssistantSchema = (id: string) =>
  apiGet('/api/admin/assistants/{id}/schema', { params: { id } });

/** A 422 (a cycle, a missing component) is an answer to show, not a failure to retry. */
export const getAssistantSchemaQueryOptions = (id: string) =>
  queryOptions({ queryKey: designerKeys.schema(id), queryFn: () => getAssistantSchema(id), retry: false });

export const useAssistantSchema = (id: string | null) => useQuery({ ...getAssistantSchemaQueryOptions(id ?? ''), enabled: !!id });
