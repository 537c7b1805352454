import { AsyncLocalStorage } from 'node:async_hooks';
import { comparePositions, type LogPosition } from '../eventstore/types.ts';

/** What one request did, reachable from anywhere in its handling (hooks run the rest of the request inside it). */
export interface RequestScope {
  /** The furthest log position this request's commands appended to. */
  appended: LogPosition | null;
  /** Reads must go to the primary: the request writes, or the replica has not replayed the caller's own last writes yet. */
  readFromPrimary: boolean;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** Records that the current request's command appended up to `position`. */
export function noteAppend(position: LogPosition): void {
  const scope = requestScope.getStore();
  if (scope && (!scope.appended || comparePositions(position, scope.appended) > 0)) scope.appended = position;
}
