import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { designerKeys } from './keys';

export const getAssistantSchema = (id: string) =>
  apiGet('/api/admin/assistants/{id}/schema', { params: { id } }).then((res) => res.schema);

/** A 422 (no output components, a cycle) is an answer to show, not a failure to retry. */
export const getAssistantSchemaQueryOptions = (id: string) =>
  queryOptions({ queryKey: designerKeys.schema(id), queryFn: () => getAssistantSchema(id), retry: false });

export const useAssistantSchema = (id: string | null) => useQuery({ ...getAssistantSchemaQueryOptions(id ?? ''), enabled: !!id });
