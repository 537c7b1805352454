import { LoadError, loadFailure } from './LoadError';
import { Loading } from './Loading';

interface ListQuery {
  data: readonly unknown[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What a short list shows in place of its items until it has some: that it is loading, that it failed
 * (in words, with Retry), or that it is empty (in words); nothing once it has items. Never "empty" while
 * it loads: an admin's integrations dialog once said "No webhook endpoints." while they were on their way.
 */
export function ListState({ query, empty, failed }: { query: ListQuery; empty: string; failed: string }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError {...loadFailure(query, failed)!} />;
  return query.data?.length ? null : <p className="muted">{empty}</p>;
}
