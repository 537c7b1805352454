import { useMemo, useState, type FormEvent } from 'react';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { useCreateRole } from '../api/create-role';
import { useRoles } from '../api/get-roles';
import { useLoadError } from '../hooks/use-load-error';
import { permissionTree } from '../permission-tree';
import { PermissionTree } from './PermissionTree';

export default function RolesPage() {
  const { user } = useAuth();
  const canEdit = holds(user?.permissions, 'admin.roles.edit');
  const toast = useToast();
  const roles = useRoles();
  const create = useCreateRole();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  useLoadError(roles.isError, 'Failed to load roles');

  const tree = useMemo(() => permissionTree(roles.data?.allPossiblePermissions ?? []), [roles.data]);
  const list = roles.data?.roles ?? [];
  const selected = list.find((r) => r.id === selectedId) ?? list[0] ?? null;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) {
      toast.warning('Role name required');
      return;
    }
    create.mutate(name, {
      onSuccess: (answer) => {
        toast.success('Role created!');
        setNewName('');
        setSelectedId(answer.role.id);
      },
      onError: (err) => toast.error(serverMessage(err, 'Failed to create role.')),
    });
  };

  return (
    <div className="admin-page">
      <h1>Roles</h1>
      {roles.isPending && <p className="muted">Loading...</p>}
      {roles.isError && <LoadError {...loadFailure(roles, 'The roles could not be loaded.')!} />}
      <div className="roles">
        <div className="roles__list card">
          <h2>Roles</h2>
          <ul className="roles__names">
            {list.map((role) => (
              <li key={role.id}>
                <button
                  type="button"
                  className={`roles__name${selected?.id === role.id ? ' is-selected' : ''}`}
                  aria-pressed={selected?.id === role.id}
                  onClick={() => setSelectedId(role.id)}
                >
                  {role.name}
                  <span className="roles__count">{role.permissions.length}</span>
                </button>
              </li>
            ))}
          </ul>
          {canEdit && (
            <form className="roles__add" onSubmit={onCreate}>
              <label className="field">
                <span className="field__label">New role</span>
                <input className="input" value={newName} placeholder="Role name" onChange={(e) => setNewName(e.target.value)} />
              </label>
              <button type="submit" className="button button--primary button--small" disabled={create.isPending}>
                Add Role
              </button>
            </form>
          )}
        </div>
        <section className="roles__detail card" aria-label="Permissions of the role">
          {selected ? (
            <>
              <h2>
                Permissions of <span className="roles__selected">{selected.name}</span>
              </h2>
              <PermissionTree role={selected} tree={tree} canEdit={canEdit} />
            </>
          ) : (
            !roles.isPending && !roles.isError && <p className="muted">No roles yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
