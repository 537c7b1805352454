import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useProjects, useRemoveBudget, useSetBudget, useBudgets, type MemberRow } from '../api/org';

type Scope = 'member' | 'project';

/** Budgets with their spent/held bar; owners and billing members set one for a member or a project, or remove it. */
export function BudgetsCard({ members, mayEdit }: { members: MemberRow[]; mayEdit: boolean }) {
  const toast = useToast();
  const budgets = useBudgets();
  const projects = useProjects();
  const set = useSetBudget();
  const remove = useRemoveBudget();
  const [scope, setScope] = useState<Scope>('member');
  const [target, setTarget] = useState('');
  const [credits, setCredits] = useState('');
  const [period, setPeriod] = useState<'month' | 'total'>('month');
  const projectList = projects.data ?? [];
  // A member as the usage chart names one: their name, and their email beside it.
  const whoOf = (s: string, id: string): { name: string; email?: string } => {
    if (s !== 'member') return { name: `project ${projectList.find((p) => p.id === id)?.name ?? id.slice(0, 8)}` };
    const member = members.find((m) => m.userId === id);
    if (!member) return { name: 'a former member' };
    return member.name ? { name: member.name, email: member.email } : { name: member.email };
  };
  const nameOf = (s: string, id: string) => {
    const who = whoOf(s, id);
    return who.email ? `${who.name} (${who.email})` : who.name;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate(
      { scope, id: target, credits: Number(credits), period },
      { onSuccess: () => toast.success('Budget saved'), onError: (err) => toast.error(serverMessage(err, 'The budget could not be saved')) },
    );
  };
  const options = scope === 'member' ? members.map((m) => ({ id: m.userId, label: nameOf('member', m.userId) })) : projectList.map((p) => ({ id: p.id, label: p.name }));
  return (
    <section className="card" aria-label="Budgets">
      <h2>Budgets</h2>
      <p className="muted">A budget caps what one member or project spends from the organization's credits; spends past it are refused.</p>
      <ul className="org-list">
        {budgets.data?.data.map((b) => {
          const used = b.spent + b.held;
          const share = (n: number) => (b.credits > 0 ? Math.min(100, Math.round((n * 100) / b.credits)) : 100);
          const pct = share(used);
          const who = whoOf(b.scope, b.id);
          const spentPct = share(b.spent);
          const heldPct = Math.min(100 - spentPct, share(b.held));
          return (
            <li key={`${b.scope}-${b.id}`} className="org-budget" data-testid={`budget-${b.id}`}>
              <div className="org-row">
                <span className="org-row__who">
                  {who.name} {who.email && <span className="muted">{who.email}</span>}
                </span>
                <span>
                  {formatNumber(b.spent)} spent{b.held > 0 ? `, ${formatNumber(b.held)} held` : ''} of {formatNumber(b.credits)} {b.period === 'month' ? 'this month' : 'in total'}
                </span>
                {mayEdit && (
                  <button type="button" className="button button--small button--secondary" aria-label={`Remove the budget of ${nameOf(b.scope, b.id)}`} onClick={() => remove.mutate({ scope: b.scope, id: b.id })}>
                    Remove
                  </button>
                )}
              </div>
              <div className="org-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={`Budget used by ${nameOf(b.scope, b.id)}`}>
                <span style={{ width: `${spentPct}%` }} className={pct >= 100 ? 'org-bar__fill org-bar__fill--full' : 'org-bar__fill'} />
                {heldPct > 0 && <span style={{ width: `${heldPct}%` }} className="org-bar__fill org-bar__fill--held" title={`${formatNumber(b.held)} held`} />}
              </div>
            </li>
          );
        })}
        {budgets.data?.data.length === 0 && <li className="muted">No budgets: every member spends from the whole pool.</li>}
      </ul>
      {mayEdit && (
        <form className="org-invite" onSubmit={submit} aria-label="Set a budget">
          <select
            className="input input--auto"
            aria-label="Budget for"
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as Scope);
              setTarget('');
            }}
          >
            <option value="member">a member</option>
            <option value="project">a project</option>
          </select>
          <select className="input input--auto" aria-label={scope === 'member' ? 'Member' : 'Project'} required value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{scope === 'member' ? 'Member…' : options.length === 0 ? 'No projects yet' : 'Project…'}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <input className="input" type="number" min={0} step={1} required aria-label="Credits" placeholder="Credits" value={credits} onChange={(e) => setCredits(e.target.value)} />
          <select className="input input--auto" aria-label="Period" value={period} onChange={(e) => setPeriod(e.target.value as 'month' | 'total')}>
            <option value="month">per month</option>
            <option value="total">in total</option>
          </select>
          <button className="button button--primary" type="submit" disabled={set.isPending}>
            Set budget
          </button>
        </form>
      )}
    </section>
  );
}
