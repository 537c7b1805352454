import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ExportLedgerButton } from '../../../components/ExportLedgerButton';
import { useToast } from '../../../components/Toast';
import { defaultPageSize } from '../../../config';
import { ApiError } from '../../../lib/api';
import { plural } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/title';
import { paths } from '../../../paths';
import { useNames } from '../api/get-names';
import { useStreamEvents } from '../api/get-stream-events';
import type { StreamPageParams } from '../api/keys';
import { parseStreamId } from '../history';
import { BalancePanel } from './BalancePanel';
import { EventEntry } from './EventEntry';
import { VerifyPanel } from './VerifyPanel';
import './history.css';

const firstPage: StreamPageParams = { page: 1, limit: defaultPageSize, sortOrder: 'desc' };

const backLinks: Record<string, { to: string; label: string }> = {
  org: { to: paths.admin.orgs.path, label: 'Organizations' },
  user: { to: paths.admin.users.path, label: 'Users' },
};

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'This stream has no events.';
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return 'You are not allowed to read this history.';
  return 'The history could not be loaded.';
}

/** /admin/history/:streamId: the audit timeline of one stream. */
export default function HistoryPage() {
  const streamId = useParams().streamId ?? '';
  const { kind, id } = parseStreamId(streamId);
  const [params, setParams] = useState<StreamPageParams>(firstPage);
  const [shownStream, setShownStream] = useState(streamId);
  if (shownStream !== streamId) {
    setShownStream(streamId);
    setParams(firstPage);
  }
  const events = useStreamEvents(streamId, params);
  const names = useNames();
  const name = kind === 'org' ? names.orgs.get(id) : kind === 'user' ? names.users.get(id) : undefined;
  useDocumentTitle(`History of ${name ?? streamId}`);
  const toast = useToast();
  useEffect(() => {
    if (events.isError) toast.error('Failed to load history');
  }, [events.isError, toast]);

  const lastPage = Math.max(events.data?.totalPages ?? 1, 1);
  const back = backLinks[kind];
  const setOrder = (sortOrder: StreamPageParams['sortOrder']) => setParams({ ...params, sortOrder, page: 1 });

  return (
    <div className="admin-page history">
      {back && (
        <Link to={back.to} className="history__back">
          ← {back.label}
        </Link>
      )}
      <h1>History</h1>
      <p className="history__stream">
        {name ? (
          <>
            {kind === 'org' ? 'Organization' : 'User'} <strong title={streamId}>{name}</strong>
          </>
        ) : (
          <>
            Stream <code>{streamId}</code>
          </>
        )}
        {events.data && <span className="muted"> · {plural(events.data.total, 'event')}</span>}
      </p>

      <div className="history__panels">
        <VerifyPanel streamId={streamId} />
        {kind === 'org' && <BalancePanel orgId={id} />}
        {kind === 'org' && (
          <div className="history-panel">
            <ExportLedgerButton path="/api/admin/export/ledger" orgId={id} />
          </div>
        )}
      </div>

      <div className="history__toolbar">
        <div className="segmented" role="group" aria-label="Order">
          <button type="button" aria-pressed={params.sortOrder === 'desc'} onClick={() => setOrder('desc')}>
            Newest first
          </button>
          <button type="button" aria-pressed={params.sortOrder === 'asc'} onClick={() => setOrder('asc')}>
            Oldest first
          </button>
        </div>
      </div>

      {events.isError && <p className="card history__empty">{loadFailure(events.error)}</p>}
      {events.isPending && <p className="muted">Loading...</p>}
      {events.data && (
        <ol className="timeline" aria-label="Events" aria-busy={events.isPlaceholderData || undefined}>
          {events.data.data.map((event) => (
            <EventEntry key={event.position} event={event} users={names.users} />
          ))}
        </ol>
      )}

      <nav className="history__pager" aria-label="Pagination">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={params.page <= 1}
          onClick={() => setParams({ ...params, page: params.page - 1 })}
        >
          Prev
        </button>
        <span>
          Page {params.page} of {lastPage}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={params.page >= lastPage}
          onClick={() => setParams({ ...params, page: params.page + 1 })}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
