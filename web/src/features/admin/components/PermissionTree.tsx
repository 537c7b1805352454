import { useToast } from '../../../components/Toast';
import { useAddPermission, useRemovePermission } from '../api/role-permissions';
import { grantedBy, type PermissionNode } from '../permission-tree';
import type { Role } from '../types';

interface Props {
  role: Role;
  tree: PermissionNode[];
  canEdit: boolean;
}

/** The catalogue as a nested list of checkboxes for one role; a permission granted by an ancestor shows as such. */
export function PermissionTree({ role, tree, canEdit }: Props) {
  const toast = useToast();
  const add = useAddPermission();
  const remove = useRemovePermission();
  const held = role.permissions.map((p) => p.name);
  const busy = add.isPending || remove.isPending;

  const onChange = (name: string) => {
    const input = { roleId: role.id, permissionId: name };
    if (held.includes(name)) {
      remove.mutate(input, {
        onSuccess: () => toast.success('Permission removed!'),
        onError: () => toast.error('Failed to delete permission from role.'),
      });
    } else {
      add.mutate(input, {
        onSuccess: () => toast.success('Permission assigned!'),
        onError: () => toast.error('Failed to add permission to role.'),
      });
    }
  };

  const renderNodes = (nodes: PermissionNode[]) => (
    <ul className="permission-tree">
      {nodes.map(({ permission, children }) => {
        const grant = grantedBy(held, permission.name);
        const inherited = grant !== null && grant !== permission.name;
        return (
          <li key={permission.name}>
            <label className={`permission-tree__item${inherited ? ' is-inherited' : ''}`}>
              <input
                type="checkbox"
                checked={grant !== null}
                disabled={!canEdit || inherited || busy}
                onChange={() => onChange(permission.name)}
              />
              <span className="permission-tree__name">{permission.name}</span>
              <span className="permission-tree__description">
                {permission.description}
                {inherited && ` (granted by ${grant})`}
              </span>
            </label>
            {children.length > 0 && renderNodes(children)}
          </li>
        );
      })}
    </ul>
  );

  return renderNodes(tree);
}
