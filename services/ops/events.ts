import type { DomainEvent } from '../eventstore/types.ts';

/** An admin asked a failed read model to try again now (instead of waiting for its backoff). */
export type ProjectionRetryRequested = DomainEvent<'ProjectionRetryRequested', { name: string; version: number; lastError: string | null; requestedBy: string; at: string }>;

export type ProjectionOpsEvent = ProjectionRetryRequested;

export interface ProjectionOpsState {
  retries: number;
}

/** One stream per read model for what admins did to it: its history shows who asked what, when. */
export const projectionStreamId = (name: string) => `projection-${name}`;

export const initialProjectionOpsState = (): ProjectionOpsState => ({ retries: 0 });

export function evolveProjectionOps(state: ProjectionOpsState, event: ProjectionOpsEvent): ProjectionOpsState {
  switch (event.type) {
    case 'ProjectionRetryRequested':
      return { retries: state.retries + 1 };
  }
}
