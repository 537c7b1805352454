import './load-error.css';

export interface LoadFailure {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A query that failed, as the state a table or page shows instead of its data (never "empty"). */
export const loadFailure = (query: { isError: boolean; isFetching: boolean; refetch: () => unknown }, message: string): LoadFailure | undefined =>
  query.isError ? { message, onRetry: () => void query.refetch(), retrying: query.isFetching } : undefined;

/** "Could not load ..." with a Retry button. */
export function LoadError({ message, onRetry, retrying }: LoadFailure) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__message">{message}</p>
      <button type="button" className="button button--secondary button--small" disabled={retrying} onClick={onRetry}>
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  );
}
