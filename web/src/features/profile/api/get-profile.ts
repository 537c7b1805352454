import { useQuery } from '@tanstack/react-query';
import { myProfileQueryOptions } from '../../../lib/account';

export const useProfile = () => useQuery(myProfileQueryOptions());
