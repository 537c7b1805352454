import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { designerKeys } from './keys';
import type { ComponentType } from './types';

/** The spec asks for every component at once (section 9: limit 99999); the server answers them all. */
export const componentListLimit = 99999;

export const getComponents = (type?: ComponentType) =>
  apiGet('/api/admin/components', { query: { type, hydrate: 'true', limit: componentListLimit } }).then((res) => res.data);

export const getComponentsQueryOptions = (type?: ComponentType) =>
  queryOptions({ queryKey: designerKeys.componentList(type ?? 'all'), queryFn: () => getComponents(type) });

export const useComponents = (type?: ComponentType) => useQuery(getComponentsQueryOptions(type));
