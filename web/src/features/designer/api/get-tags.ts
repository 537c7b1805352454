import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';
import type { Tag } from './types';

export const getTags = () => apiFetch<{ data: Tag[] }>('/api/admin/tags').then((res) => res.data);

export const getTagsQueryOptions = () => queryOptions({ queryKey: designerKeys.tags(), queryFn: getTags });

export const useTags = () => useQuery(getTagsQueryOptions());
