import { emoji } from '../../../lib/emoji';

export function StatusBadge({ active }: { active: boolean }) {
  return <span className={`status-badge ${active ? 'status-badge--on' : 'status-badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>;
}

/** The read-only status of a user: an icon only (spec section 6). */
export function StatusIcon({ active }: { active: boolean }) {
  const label = active ? 'Active' : 'Inactive';
  return (
    <span className="status-icon" role="img" aria-label={label} title={label}>
      {active ? emoji.status.active : emoji.status.inactive}
    </span>
  );
}
