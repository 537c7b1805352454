import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Profile } from '../types';
import { profileKeys } from './keys';

export const getProfile = () => apiFetch<Profile>('/api/me/profile');

export const getProfileQueryOptions = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile, staleTime: 0 });

export const useProfile = () => useQuery(getProfileQueryOptions());
