import { useState, type FormEvent } from 'react';
import { OrgProfileCard } from '../../../components/OrgProfileCard';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { Loading } from '../../../components/Loading';
import {
  useBudgets,
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveBudget,
  useRemoveMember,
  useRevokeInvitation,
  useSetBudget,
  type Role,
} from '../api/org';
import '../org.css';

const ROLES: Role[] = ['owner', 'billing', 'member'];
const ROLE_HELP: Record<Role, string> = {
  owner: 'manages members, roles and everything else',
  billing: 'plans, payments, API keys, webhooks, alerts and budgets',
  member: 'spends the credits, uses the board and projects',
};

/** The organization page: members and roles, invitations, budgets; each role sees the controls it may use and no others. */
export default function OrgPage() {
  const { user } = useAuth();
  const members = useMembers();
  const me = members.data?.data.find((m) => m.userId === user?.id);
  const role = me?.role;
  const isOwner = role === 'owner';
  const mayBudget = role === 'owner' || role === 'billing';

  if (members.isLoading) return <Loading />;
  if (members.isError || !members.data) return <p className="page">{serverMessage(members.error, 'Name your organization on your profile first.')}</p>;

  return (
    <div className="page org-page">
      <h1>Your organization</h1>
      <p className="muted">You are {role === 'owner' ? 'an owner' : role === 'billing' ? 'a billing member' : 'a member'}: {role ? ROLE_HELP[role] : ''}.</p>
      <MembersCard members={members.data.data} myId={user?.id ?? ''} isOwner={isOwner} />
      {isOwner && <InvitationsCard />}
      <BudgetsCard members={members.data.data} mayEdit={mayBudget} />
      <OrgProfileCard />
    </div>
  );
}

type MemberRow = { userId: string; name: string; email: string; role: Role; joinedAt: string };

function MembersCard({ members, myId, isOwner }: { members: MemberRow[]; myId: string; isOwner: boolean }) {
  const toast = useToast();
  const change = useChangeRole();
  const remove = useRemoveMember();
  const fail = (fallback: string) => (err: unknown) => toast.error(serverMessage(err, fallback));
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
              <button type="button" className="btn btn--small" onClick={() => remove.mutate(m.userId, { onSuccess: () => toast.success('Member removed'), onError: fail('The member could not be removed') })}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
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
        <select aria-label="Role of the invitee" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button className="btn btn--primary" type="submit" disabled={invite.isPending}>
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
          <button type="button" className="btn btn--small" onClick={() => void navigator.clipboard?.writeText(created.url).then(() => toast.success('Link copied'))}>
            Copy link
          </button>
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
              <button type="button" className="btn btn--small" onClick={() => revoke.mutate(i.id, { onError: (err) => toast.error(serverMessage(err, 'Could not revoke')) })}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BudgetsCard({ members, mayEdit }: { members: MemberRow[]; mayEdit: boolean }) {
  const toast = useToast();
  const budgets = useBudgets();
  const set = useSetBudget();
  const remove = useRemoveBudget();
  const [memberId, setMemberId] = useState('');
  const [credits, setCredits] = useState('');
  const [period, setPeriod] = useState<'month' | 'total'>('month');
  const nameOf = (scope: string, id: string) => (scope === 'member' ? (members.find((m) => m.userId === id)?.email ?? 'a former member') : `project ${id.slice(0, 8)}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate(
      { scope: 'member', id: memberId, credits: Number(credits), period },
      { onSuccess: () => toast.success('Budget saved'), onError: (err) => toast.error(serverMessage(err, 'The budget could not be saved')) },
    );
  };
  return (
    <section className="card" aria-label="Budgets">
      <h2>Budgets</h2>
      <p className="muted">A budget caps what one member or project spends from the organization's credits; spends past it are refused.</p>
      <ul className="org-list">
        {budgets.data?.data.map((b) => {
          const used = b.spent + b.held;
          const pct = b.credits > 0 ? Math.min(100, Math.round((used * 100) / b.credits)) : 100;
          return (
            <li key={`${b.scope}-${b.id}`} className="org-budget" data-testid={`budget-${b.id}`}>
              <div className="org-row">
                <span className="org-row__who">{nameOf(b.scope, b.id)}</span>
                <span>
                  {b.spent} spent{b.held > 0 ? `, ${b.held} held` : ''} of {b.credits} {b.period === 'month' ? 'this month' : 'in total'}
                </span>
                {mayEdit && (
                  <button type="button" className="btn btn--small" onClick={() => remove.mutate({ scope: b.scope, id: b.id })}>
                    Remove
                  </button>
                )}
              </div>
              <div className="org-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={`Budget used by ${nameOf(b.scope, b.id)}`}>
                <span style={{ width: `${pct}%` }} className={pct >= 100 ? 'org-bar__fill org-bar__fill--full' : 'org-bar__fill'} />
              </div>
            </li>
          );
        })}
        {budgets.data?.data.length === 0 && <li className="muted">No budgets: every member spends from the whole pool.</li>}
      </ul>
      {mayEdit && (
        <form className="org-invite" onSubmit={submit} aria-label="Set a budget">
          <select aria-label="Member" required value={memberId} onChange={(e) => setMemberId(e.target.value)}>
            <option value="">Member…</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.email}
              </option>
            ))}
          </select>
          <input className="input" type="number" min={0} step={1} required aria-label="Credits" placeholder="Credits" value={credits} onChange={(e) => setCredits(e.target.value)} />
          <select aria-label="Period" value={period} onChange={(e) => setPeriod(e.target.value as 'month' | 'total')}>
            <option value="month">per month</option>
            <option value="total">in total</option>
          </select>
          <button className="btn btn--primary" type="submit" disabled={set.isPending}>
            Set budget
          </button>
        </form>
      )}
    </section>
  );
}
