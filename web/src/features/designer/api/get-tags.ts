import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { designerKeys } from './keys';

export const getTags = () => apiGet('/api/admin/tags').then((res) => res.data);

export const getTagsQueryOptions = () => queryOptions({ queryKey: designerKeys.tags(), queryFn: getTags });

export const useTags = () => useQuery(getTagsQueryOptions());
