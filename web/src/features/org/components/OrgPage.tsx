import { useState, type FormEvent } from 'react';
import { OrgProfileCard } from '../../../components/OrgProfileCard';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { managesBilling, useMyOrganization } from '../../../lib/account';
import { useAuth } from '../../../lib/auth/hooks';
import { Loading } from '../../../components/Loading';
import { BudgetBanner } from '../../../components/BudgetBanner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { useChangeRole, useInvitations, useInvite, useMembers, useRemoveMember, useRevokeInvitation, type MemberRow, type Role } from '../api/org';
import { BudgetsCard } from './BudgetsCard';
import { UsageCard } from './UsageCard';
import '../org.css';

const ROLES: Role[] = ['owner', 'billing', 'member'];
const ROLE_HELP: Record<Role, string> = {
  owner: 'manages members, roles and everything else',
  billing: 'plans, payments, API keys, webhooks, alerts and budgets',
  member: 'spends the credits, uses the board and projects',
};

/** The organization page: members and roles, invitations, this month's usage, budgets; each role sees the controls it may use and no others. */
export default function OrgPage() {
  const { user } = useAuth();
  const organization = useMyOrganization();
  const members = useMembers();
  const me = members.data?.data.find((m) => m.userId === user?.id);
  const role = me?.role;
  const isOwner = role === 'owner';
  const mayBudget = managesBilling(role);

  if (members.isLoading) return <Loading />;
  if (members.isError || !members.data) return <p className="page">{serverMessage(members.error, 'Name your organization on your profile first.')}</p>;

  return (
    <div className="page org-page">
      <BudgetBanner />
      <h1>Your organization</h1>
      {organization && <p className="org-page__name">{organization.name}</p>}
      <p className="muted">You are {role === 'owner' ? 'an owner' : role === 'billing' ? 'a billing member' : 'a member'}: {role ? ROLE_HELP[role] : ''}.</p>
      <MembersCard members={members.data.data} myId={user?.id ?? ''} isOwner={isOwner} />
      {isOwner && <InvitationsCard />}
      <UsageCard />
      <BudgetsCard members={members.data.data} mayEdit={mayBudget} />
      <OrgProfileCard mayEdit={isOwner} />
    </div>
  );
}

function MembersCard({ members, myId, isOwner }: { members: MemberRow[]; myId: string; isOwner: boolean }) {
  const toast = useToast();
  const change = useChangeRole();
  const remove = useRemoveMember();
  // The member a click on Remove would remove, until it is confirmed: they lose the organization at once.
  const [removing, setRemoving] = useState<MemberRow | null>(null);
  const fail = (fallback: string) => (err: unknown) => toast.error(serverMessage(err, fallback));
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.userId, { onSuccess: () => toast.success('Member removed'), onError: fail('The member could not be removed'), onSettled: () => setRemoving(null) });
  };
  return (
    <section className="card" aria-label="Members">
      <h2>Members</h2>
      <ul className="org-list">
        {members.map((m) => (
          <li key={m.userId} className="org-row" data-testid={`member-${m.email}`}>
            <span className="org-row__who">
              <strong>{m.name || m.email}</strong> <span className="muted">{m.email}</span>
            </span>
            {isOwner ? (
              <select
                className="input input--auto"
                aria-label={`Role of ${m.email}`}
                value={m.role}
                onChange={(e) => change.mutate({ userId: m.userId, role: e.target.value as Role }, { onSuccess: () => toast.success('Role changed'), onError: fail('The role could not be changed') })}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            ) : (
              <span className="org-role">{m.role}</span>
            )}
            {isOwner && m.userId !== myId && (
              <button type="button" className="button button--small button--secondary" onClick={() => setRemoving(m)}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog open={removing !== null} title="Remove this member?" confirmLabel="Remove member" busy={remove.isPending} onConfirm={confirmRemove} onCancel={() => setRemoving(null)}>
        <p>
          {removing?.name || removing?.email} loses the organization's credits, projects and board at once, and keeps their account. To come
          back they need a new invitation.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function InvitationsCard() {
  const toast = useToast();
  const invitations = useInvitations(true);
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [created, setCreated] = useState<{ url: string; email: string; emailed: boolean } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (answer) => {
          setCreated({ url: answer.url, email: answer.email, emailed: answer.emailed });
          setEmail('');
        },
        onError: (err) => toast.error(serverMessage(err, 'The invitation could not be made')),
      },
    );
  };
  return (
    <section className="card" aria-label="Invitations">
      <h2>Invite someone</h2>
      <form className="org-invite" onSubmit={submit}>
        <input className="input" type="email" required placeholder="colleague@example.com" aria-label="Email to invite" value={email} onChange={(e) => setEmail(e.target.value)} />
        <select className="input input--auto" aria-label="Role of the invitee" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button className="button button--primary" type="submit" disabled={invite.isPending}>
          Invite
        </button>
      </form>
      {created && (
        <div className="org-link" role="status">
          <p>
            {created.emailed ? `We emailed ${created.email} this link. ` : `Email is not set up on this server: send ${created.email} this link yourself. `}
            It works once, for 7 days, and is shown only now.
          </p>
          <input className="input" readOnly aria-label="Invitation link" value={created.url} onFocus={(e) => e.target.select()} />
          <CopyButton value={created.url} label="Copy link" />
        </div>
      )}
      <ul className="org-list">
        {invitations.data?.data.map((i) => (
          <li key={i.id} className="org-row">
            <span className="org-row__who">
              {i.email} <span className="muted">({i.role})</span>
            </span>
            <span className="org-role">{i.status}</span>
            {i.status === 'pending' && (
              <button type="button" className="button button--small button--secondary" onClick={() => revoke.mutate(i.id, { onError: (err) => toast.error(serverMessage(err, 'Could not revoke')) })}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
