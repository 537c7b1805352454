import type { ProjectionState } from '../types';

const labels: Record<ProjectionState, string> = { live: 'Live', rebuilding: 'Rebuilding', failed: 'Failed' };

export function StateBadge({ state }: { state: ProjectionState }) {
  return <span className={`state-badge state-badge--${state}`}>{labels[state]}</span>;
}
