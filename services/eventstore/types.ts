export interface EventMetadata {
  command_id?: string;
  causation_id?: string;
  correlation_id?: string;
  actor?: string;
  [key: string]: unknown;
}

/** An event as a decider produces it: a type and its data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface NewEvent extends DomainEvent {
  id?: string;
  metadata?: EventMetadata;
}

interface LoggedEventBase {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamPosition: number;
  eventId: string;
  createdAt: Date;
}

interface StoredEventBase extends LoggedEventBase {
  metadata: EventMetadata;
}

/** An event as the log holds it; for a union of events, a union whose `type` narrows `data`. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? StoredEventBase & { type: E['type']; data: E['data'] } : never;

/**
 * An event as a catch-up reads it from the log (log_batch): without its metadata (actor, command and
 * correlation ids), which no read model reads and which is some 40% of a ledger event's JSON to send
 * and parse. A StoredEvent is one too.
 */
export type LoggedEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? LoggedEventBase & { type: E['type']; data: E['data'] } : never;

/** Where a reader of the whole log stands: the last (transaction id, position) it applied. */
export interface LogPosition {
  xid: string;
  pos: number;
}

export const LOG_START: LogPosition = { xid: '0', pos: 0 };

export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  nextVersion: number;
  position: LogPosition;
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  const ax = BigInt(a.xid);
  const bx = BigInt(b.xid);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.pos === b.pos ? 0 : a.pos < b.pos ? -1 : 1;
}
