import { createHash } from 'node:crypto';
import type { Queryable } from '../eventstore/store.ts';

export interface ChainCheck {
  ok: boolean;
  checked: number;
  /** The stream position of the first event whose stored hash does not match, or null. */
  firstBadPosition: number | null;
}

/** Recomputes a stream's hash chain from the events as they are stored now. */
export async function verifyStream(db: Queryable, streamId: string): Promise<ChainCheck> {
  const res = await db.query(
    `SELECT stream_position, event_content_of(stream_id, stream_position, event_id, type, data, metadata) AS content, hash
       FROM event_log WHERE stream_id = $1 ORDER BY stream_position`,
    [streamId],
  );
  let prev = Buffer.alloc(0);
  let expectedPosition = 1;
  for (const row of res.rows as { stream_position: string; content: Buffer; hash: Buffer | null }[]) {
    const position = Number(row.stream_position);
    const computed = createHash('sha256').update(Buffer.concat([prev, row.content])).digest();
    if (position !== expectedPosition || !row.hash || !computed.equals(row.hash)) {
      return { ok: false, checked: res.rowCount ?? 0, firstBadPosition: position };
    }
    prev = computed;
    expectedPosition++;
  }
  return { ok: true, checked: res.rowCount ?? 0, firstBadPosition: null };
}
