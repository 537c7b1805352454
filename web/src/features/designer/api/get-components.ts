import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';
import type { Component, ComponentType } from './types';

/** The spec asks for everything (limit 99999); the server caps a page at 500. */
export const componentListLimit = 99999;

export const getComponents = (type?: ComponentType) =>
  apiFetch<{ data: Component[] }>('/api/admin/components', { query: { type, hydrate: true, limit: componentListLimit } }).then(
    (res) => res.data,
  );

export const getComponentsQueryOptions = (type?: ComponentType) =>
  queryOptions({ queryKey: designerKeys.componentList(type ?? 'all'), queryFn: () => getComponents(type) });

export const useComponents = (type?: ComponentType) => useQuery(getComponentsQueryOptions(type));
