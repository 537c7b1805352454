export type ProjectionState = 'live' | 'rebuilding' | 'failed';

export interface ProjectionStatus {
  name: string;
  version: number;
  position: number;
  headPosition: number;
  lag: number;
  lagSeconds: number;
  status: ProjectionState;
  /** 0..1 while rebuilding; 1 otherwise. */
  progress: number;
  lastError: string | null;
  rebuildingVersion: number | null;
  oldestOpenTransactionSeconds: number;
}

/** A rebuild this page asked for: the version that was serving then, and when it was asked. */
export interface WatchedRebuild {
  fromVersion: number;
  since: number;
}
