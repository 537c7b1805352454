import { useToast } from '../../../components/Toast';
import { useAssignRole, useRemoveRole } from '../api/user-roles';
import type { AdminUser, RoleRef } from '../types';

interface Props {
  user: AdminUser;
  allRoles: RoleRef[];
  canEdit: boolean;
}

/** A user's roles; with admin.users.edit each can be removed and any role not held can be added. */
export function UserRoles({ user, allRoles, canEdit }: Props) {
  const toast = useToast();
  const assign = useAssignRole();
  const remove = useRemoveRole();
  const held = new Set(user.roles.map((r) => r.id));
  const addable = allRoles.filter((r) => !held.has(r.id));

  const onRemove = (role: RoleRef) =>
    remove.mutate(
      { userId: user.id, roleId: role.id },
      { onSuccess: () => toast.success('Role removed.'), onError: () => toast.error('Failed to remove role.') },
    );
  const onAssign = (roleId: string) =>
    assign.mutate(
      { userId: user.id, roleId },
      { onSuccess: () => toast.success('Role assigned!'), onError: () => toast.error('Failed to assign role.') },
    );

  return (
    <div className="user-roles">
      {user.roles.map((role) => (
        <span key={role.id} className="role-chip">
          {role.name}
          {canEdit && (
            <button type="button" className="role-chip__remove" aria-label={`Remove role ${role.name} from ${user.name}`} onClick={() => onRemove(role)}>
              ×
            </button>
          )}
        </span>
      ))}
      {canEdit && addable.length > 0 && (
        <select
          className="input user-roles__add"
          aria-label={`Add role to ${user.name}`}
          value=""
          onChange={(event) => event.target.value && onAssign(event.target.value)}
        >
          <option value="">Add role...</option>
          {addable.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
