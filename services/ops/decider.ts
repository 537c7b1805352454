import type { Decider } from '../eventstore/decider.ts';
import { ConflictError } from '../platform/errors.ts';
import { evolveProjectionOps, initialProjectionOpsState, type ProjectionOpsEvent, type ProjectionOpsState } from './events.ts';

export type RetryProjection = {
  type: 'RetryProjection';
  data: { name: string; version: number; status: 'live' | 'rebuilding' | 'failed'; lastError: string | null; requestedBy: string; at: string };
};
export type ProjectionOpsCommand = RetryProjection;

/** Only a failed read model is retried (the status is read by the caller and given in the command). */
function retry({ data }: RetryProjection): ProjectionOpsEvent[] {
  if (data.status !== 'failed') throw new ConflictError(`Only a failed read model can be retried; ${data.name} is ${data.status}`, { status: data.status });
  const { status: _status, ...event } = data;
  return [{ type: 'ProjectionRetryRequested', data: event }];
}

export function decideProjectionOps(command: ProjectionOpsCommand, _state: ProjectionOpsState): ProjectionOpsEvent[] {
  switch (command.type) {
    case 'RetryProjection':
      return retry(command);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const projectionOpsDecider: Decider<ProjectionOpsCommand, ProjectionOpsEvent, ProjectionOpsState> = {
  initialState: initialProjectionOpsState,
  evolve: evolveProjectionOps,
  decide: decideProjectionOps,
};
