import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { auditKeys } from './keys';

type Named = { id: string; name: string }[];

const namesOf = (rows: Named) => new Map(rows.map((row) => [row.id, row.name]));

/** Without a paging query both lists answer every row. */
const getUserNames = () => (apiGet('/api/admin/users') as Promise<Named>).then(namesOf);
const getOrgNames = () => (apiGet('/api/admin/orgs') as Promise<Named>).then(namesOf);

/**
 * Names of users and organizations by id, so the history shows names rather than UUIDs; each list is
 * read only when the viewer may read it (else ids stay as they are).
 */
export function useNames(): { users: ReadonlyMap<string, string>; orgs: ReadonlyMap<string, string> } {
  const permissions = useAuth().user?.permissions;
  const users = useQuery({ ...queryOptions({ queryKey: auditKeys.names('users'), queryFn: getUserNames, retry: false }), enabled: holds(permissions, 'admin.users.view') });
  const orgs = useQuery({ ...queryOptions({ queryKey: auditKeys.names('orgs'), queryFn: getOrgNames, retry: false }), enabled: holds(permissions, 'admin.orgs.view') });
  return { users: users.data ?? new Map(), orgs: orgs.data ?? new Map() };
}
