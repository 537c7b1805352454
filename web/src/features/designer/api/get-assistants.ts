import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pageQuery, type Paged, type PageState } from '../../../lib/paging';
import { designerKeys } from './keys';
import type { Assistant } from './types';

export const getAssistants = (state: PageState) =>
  apiFetch<Paged<Assistant>>('/api/admin/assistants', { query: pageQuery(state) });

export const getAssistantsQueryOptions = (state: PageState) =>
  queryOptions({ queryKey: designerKeys.assistantList(state), queryFn: () => getAssistants(state), placeholderData: keepPreviousData });

export const useAssistants = (state: PageState) => useQuery(getAssistantsQueryOptions(state));
