import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiQuery } from '../../../lib/api-contract';
import { pageQuery, type PageState } from '../../../lib/paging';
import { designerKeys } from './keys';

/** The sort selector offers only the fields the server sorts by. */
export const getAssistants = (state: PageState) =>
  apiGet('/api/admin/assistants', { query: pageQuery(state) as ApiQuery<'/api/admin/assistants'> });

export const getAssistantsQueryOptions = (state: PageState) =>
  queryOptions({ queryKey: designerKeys.assistantList(state), queryFn: () => getAssistants(state), placeholderData: keepPreviousData });

export const useAssistants = (state: PageState) => useQuery(getAssistantsQueryOptions(state));
