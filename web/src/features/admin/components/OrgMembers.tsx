import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAdminAddMember, useAdminRemoveMember, type AddMemberInput } from '../api/org-members';
import type { AdminOrg } from '../types';

const ROLES: AddMemberInput['role'][] = ['owner', 'billing', 'member'];

/** An organization's members and their roles; with admin.orgs.edit, add an existing account by email or remove a member. */
export function OrgMembers({ org, canEdit, onClose }: { org: AdminOrg; canEdit: boolean; onClose: () => void }) {
  const toast = useToast();
  const add = useAdminAddMember(org.id);
  const remove = useAdminRemoveMember(org.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AddMemberInput['role']>('member');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast.success('Member added');
          setEmail('');
        },
        onError: (err) => toast.error(serverMessage(err, 'The member could not be added')),
      },
    );
  };
  return (
    <Modal open onClose={onClose} title={`${org.name}: members`}>
      <ul className="admin-members" data-testid="admin-org-members">
        {org.members.map((m) => (
          <li key={m.userId}>
            <span>
              <strong>{m.name || m.email}</strong> <span className="muted">{m.email}</span> · {m.role}
            </span>{' '}
            {canEdit && (
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Remove ${m.email}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(m.userId, { onSuccess: () => toast.success('Member removed'), onError: (err) => toast.error(serverMessage(err, 'The member could not be removed')) })
                }
              >
                Remove
              </button>
            )}
          </li>
        ))}
        {org.members.length === 0 && <li className="muted">No members.</li>}
      </ul>
      {canEdit && (
        <form className="admin-members__add" onSubmit={submit} aria-label="Add a member">
          <input className="input" type="email" required placeholder="user@example.com" aria-label="Email of an existing account" value={email} onChange={(e) => setEmail(e.target.value)} />
          <select className="input input--auto" aria-label="Role in the organization" value={role} onChange={(e) => setRole(e.target.value as AddMemberInput['role'])}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary button--small" disabled={add.isPending}>
            Add member
          </button>
        </form>
      )}
    </Modal>
  );
}
