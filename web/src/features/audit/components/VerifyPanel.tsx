import { plural } from '../../../lib/format';
import { useVerifyStream } from '../api/verify-stream';

/** Recomputes the stream's hash chain on the server and says whether any stored event was altered. */
export function VerifyPanel({ streamId }: { streamId: string }) {
  const verify = useVerifyStream(streamId);
  const check = verify.data;
  return (
    <div className="history-panel">
      <button type="button" className="button button--secondary" disabled={verify.isFetching} onClick={() => void verify.refetch()}>
        {verify.isFetching ? 'Verifying...' : 'Verify integrity'}
      </button>
      <div role="status" className="history-panel__result">
        {verify.isError && !verify.isFetching && <span className="verify verify--bad">The check could not be run.</span>}
        {check && !verify.isFetching && !verify.isError &&
          (check.ok ? (
            <span className="verify verify--ok">Intact: all {plural(check.checked, 'event')} match their hashes.</span>
          ) : (
            <span className="verify verify--bad">
              Tampered: event #{check.firstBadPosition} does not match its hash ({plural(check.checked, 'event')} checked).
            </span>
          ))}
      </div>
    </div>
  );
}
