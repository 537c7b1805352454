import type { ApiAnswer, Item } from '../../lib/api-contract';

export type ProjectionStatus = Item<ApiAnswer<'/api/admin/projections'>>;
export type ProjectionState = ProjectionStatus['status'];

/** A rebuild this page asked for: the version that was serving then, and when it was asked. */
export interface WatchedRebuild {
  fromVersion: number;
  since: number;
}
