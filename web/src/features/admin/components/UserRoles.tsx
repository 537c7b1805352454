import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAssignRole, useRemoveRole } from '../api/user-roles';
import type { AdminUser, RoleRef } from '../types';

interface Props {
  user: AdminUser;
  allRoles: RoleRef[];
  canEdit: boolean;
  /** The signed-in admin: removing one of their own roles asks first. */
  viewerId: string | null;
}

/** A user's roles; with admin.users.edit each can be removed and any role not held can be added. */
export function UserRoles({ user, allRoles, canEdit, viewerId }: Props) {
  const toast = useToast();
  const assign = useAssignRole();
  const remove = useRemoveRole();
  const [confirming, setConfirming] = useState<RoleRef | null>(null);
  const held = new Set(user.roles.map((r) => r.id));
  const addable = allRoles.filter((r) => !held.has(r.id));
  const own = user.id === viewerId;

  const runRemove = (role: RoleRef) =>
    remove.mutate(
      { userId: user.id, roleId: role.id },
      {
        onSuccess: () => toast.success('Role removed.'),
        onError: (err) => toast.error(serverMessage(err, 'Failed to remove role.')),
        onSettled: () => setConfirming(null),
      },
    );
  const onRemove = (role: RoleRef) => (own ? setConfirming(role) : runRemove(role));
  const onAssign = (roleId: string) =>
    assign.mutate(
      { userId: user.id, roleId },
      { onSuccess: () => toast.success('Role assigned!'), onError: (err) => toast.error(serverMessage(err, 'Failed to assign role.')) },
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
      <ConfirmDialog
        open={confirming !== null}
        title="Remove your own role?"
        confirmLabel="Remove my role"
        busy={remove.isPending}
        onConfirm={() => confirming && runRemove(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          You are removing <strong>{confirming?.name}</strong> from your own account. You may lose access to this page and others at once.
        </p>
      </ConfirmDialog>
    </div>
  );
}
