import { DomainError } from '../platform/errors.ts';

/** Another writer moved the stream first: the command handler reads it again and decides again. */
export class ConcurrencyError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: unknown,
    readonly actual: number,
  ) {
    super(409, 'concurrency', `stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

/** An idempotency key was stored by another writer between our load and our append. */
export class DuplicateCommandError extends Error {
  constructor(readonly commandId: string) {
    super(`command ${commandId} was already handled`);
  }
}
