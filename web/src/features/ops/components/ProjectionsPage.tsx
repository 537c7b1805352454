import { useEffect, useState } from 'react';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { useToast } from '../../../components/Toast';
import { paths } from '../../../paths';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { useProjections } from '../api/get-projections';
import { useRebuildProjection } from '../api/rebuild-projection';
import { useRetryProjection } from '../api/retry-projection';
import { formatSeconds, rebuildView } from '../projection-view';
import type { ProjectionStatus, WatchedRebuild } from '../types';
import { DriftPanel } from './DriftPanel';
import { RebuildConfirm } from './RebuildConfirm';
import { RebuildProgress } from './RebuildProgress';
import { StateBadge } from './StateBadge';
import './ops.css';

/** /admin/projections: where each read model stands against the log, and rebuilding one. */
export default function ProjectionsPage() {
  const { user } = useAuth();
  const canRebuild = holds(user?.permissions, 'admin.projections.edit');
  const toast = useToast();
  const [watched, setWatched] = useState<Record<string, WatchedRebuild>>({});
  const [confirming, setConfirming] = useState<ProjectionStatus | null>(null);
  const projections = useProjections(watched);
  const rebuild = useRebuildProjection();
  const retry = useRetryProjection();
  useEffect(() => {
    if (projections.isError) toast.error('Failed to load projections');
  }, [projections.isError, toast]);

  const start = (projection: ProjectionStatus) =>
    rebuild.mutate(projection.name, {
      onSuccess: () => {
        setWatched((all) => ({ ...all, [projection.name]: { fromVersion: projection.version, since: Date.now() } }));
        setConfirming(null);
        toast.success('Rebuild started');
      },
      onError: () => toast.error('Failed to start rebuild'),
    });

  const retryNow = (projection: ProjectionStatus) =>
    retry.mutate(projection.name, {
      onSuccess: () => toast.success(`Retrying ${projection.name}`),
      onError: () => toast.error(`Failed to retry ${projection.name}`),
    });

  const rows = projections.data ?? [];
  const oldest = rows[0]?.oldestOpenTransactionSeconds ?? 0;
  return (
    <div className="admin-page projections">
      <h1>Projections</h1>
      <div className="projections__summary">
        <p>
          Oldest open transaction: <strong className={oldest > 30 ? 'is-warning' : undefined}>{formatSeconds(oldest)}</strong>
          {oldest > 30 && <span className="muted"> (readers wait for it: new events show up only after it ends)</span>}
        </p>
        <a href={paths.admin.queues.path} className="button button--secondary button--small">
          Queue dashboard
        </a>
      </div>

      <div className="projections__scroll">
        <table className="table projections__table" aria-busy={projections.isPending || undefined}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col">Position / head</th>
              <th scope="col">Lag</th>
              <th scope="col">Lag seconds</th>
              <th scope="col">Last error</th>
              <th scope="col">Rebuild</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const view = rebuildView(p, watched[p.name]);
              const busy = view.kind === 'running' || view.kind === 'queued';
              return (
                <tr key={p.name} data-testid={`projection-${p.name}`}>
                  <th scope="row">{p.name}</th>
                  <td className="amount" data-testid="version">{p.version}</td>
                  <td>
                    <StateBadge state={p.status} />
                  </td>
                  <td className="amount">
                    {p.position} / {p.headPosition}
                  </td>
                  <td className="amount">{p.lag}</td>
                  <td className="amount">{formatSeconds(p.lagSeconds)}</td>
                  <td className="projections__error">
                    {p.lastError ? <code>{p.lastError}</code> : <span className="muted">none</span>}
                    {canRebuild && p.status === 'failed' && (
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        disabled={retry.isPending}
                        aria-label={`Retry ${p.name} now`}
                        onClick={() => retryNow(p)}
                      >
                        Retry now
                      </button>
                    )}
                  </td>
                  <td className="projections__rebuild">
                    <RebuildProgress name={p.name} view={view} />
                    {canRebuild && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={busy}
                        aria-label={`Rebuild ${p.name}`}
                        onClick={() => setConfirming(p)}
                      >
                        Rebuild
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {projections.isError && rows.length === 0 && (
              <tr>
                <td colSpan={8}>
                  <LoadError {...loadFailure(projections, 'The read models could not be loaded.')!} />
                </td>
              </tr>
            )}
            {!projections.isError && rows.length === 0 && (
              <tr>
                <td colSpan={8} className="muted">
                  {projections.isPending ? 'Loading...' : 'No read models.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <DriftPanel
        canCheck={canRebuild}
        onRebuild={(name) => {
          const projection = rows.find((p) => p.name === name);
          if (projection) setConfirming(projection);
        }}
      />

      <RebuildConfirm projection={confirming} busy={rebuild.isPending} onCancel={() => setConfirming(null)} onConfirm={() => confirming && start(confirming)} />
    </div>
  );
}
