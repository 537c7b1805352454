import { Readable, Transform } from 'node:stream';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { orgStreamId } from '../../orgs/events.ts';
import type { SigningKey } from '../signing-key.ts';
import { csvHeader, csvLine, formatRow, rowOf, type ChainedEvent, type ExportFormat } from './rows.ts';
import { STATEMENT_MARK, type SignedStatement } from './statement.ts';

export interface ExportRange {
  orgId: string;
  /** Events recorded at or after `from` and before `to`. */
  from: Date;
  to: Date;
  format: ExportFormat;
}

export interface LedgerExport {
  /** How many rows the export will have (for progress). */
  rows: number;
  body: Readable;
}

const FETCH_ROWS = 500;

/** The signed statement as the export's last line. */
export function statementLine(format: ExportFormat, signed: SignedStatement): string {
  const json = JSON.stringify(signed);
  return format === 'csv' ? csvLine([STATEMENT_MARK, json]) : `${json}\n`;
}

/**
 * The pool's clients give up on a query after DB_STATEMENT_TIMEOUT_MS + 1 s (pg's query_timeout, read
 * from the query object first): a cursor is one query for as long as the export lasts. Each fetch
 * is still a statement of its own under Postgres's statement_timeout.
 */
const withoutReadTimeout = <T extends object>(query: T): T => Object.assign(query, { query_timeout: 24 * 3_600_000 });

interface Bounds {
  first: number | null;
  last: number | null;
  lastHash: string;
  previousHash: string;
}

/**
 * The stream positions of the range (an unbroken run of the chain: from the first event recorded at
 * or after `from` to the last recorded before `to`), the hash before it and the balance before it.
 */
async function boundsOf(client: pg.PoolClient, streamId: string, from: Date, to: Date): Promise<Bounds> {
  const res = await client.query(
    `WITH first AS (SELECT stream_position AS p FROM event_log WHERE stream_id = $1 AND created_at >= $2 ORDER BY stream_position LIMIT 1),
          last AS (SELECT stream_position AS p, encode(hash, 'hex') AS h FROM event_log WHERE stream_id = $1 AND created_at < $3 ORDER BY stream_position DESC LIMIT 1)
     SELECT (SELECT p FROM first) AS first, (SELECT p FROM last) AS last, (SELECT h FROM last) AS last_hash,
            (SELECT encode(e.hash, 'hex') FROM event_log e WHERE e.stream_id = $1 AND e.stream_position = (SELECT p FROM first) - 1) AS previous_hash`,
    [streamId, from, to],
  );
  const r = res.rows[0];
  return {
    first: r.first === null ? null : Number(r.first),
    last: r.last === null ? null : Number(r.last),
    lastHash: r.last_hash ?? '',
    previousHash: r.previous_hash ?? '',
  };
}

interface EventLine {
  stream_position: string;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  hash: string;
}

/**
 * An organization's ledger as rows, read through a cursor in one read-only snapshot (no xid: it holds
 * no read model back) and written as they come: memory stays flat however many rows there are. The
 * last line is the signed statement of the range's head. Ending the body early (the client went away)
 * closes the cursor and gives the connection back; nothing is written anywhere.
 * Returns null when the organization has no stream.
 */
export async function exportLedger(pool: pg.Pool, key: SigningKey, range: ExportRange): Promise<LedgerExport | null> {
  const streamId = orgStreamId(range.orgId);
  const client = await pool.connect();
  let released = false;
  const release = async (err?: Error) => {
    if (released) return;
    released = true;
    if (!err) await client.query('ROLLBACK').catch((e: Error) => (err = e));
    client.release(err ?? undefined);
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The cursor is one statement from its first fetch to its last (Postgres's statement_timeout runs
    // across them), and a slow reader pauses it between fetches: bounds for a whole export instead.
    await client.query(`SET LOCAL statement_timeout = '1h'; SET LOCAL idle_in_transaction_session_timeout = '10min'`);
    // A portal is planned for its whole result: over most of a big stream the planner would sort the
    // stream first (seconds before the first row). The primary key already gives the order: walk it.
    await client.query(`SET LOCAL enable_sort = off`);
    const exists = await client.query('SELECT 1 FROM streams WHERE stream_id = $1', [streamId]);
    if (exists.rowCount === 0) {
      await release();
      return null;
    }
    const b = await boundsOf(client, streamId, range.from, range.to);
    const rows = b.first !== null && b.last !== null && b.first <= b.last ? b.last - b.first + 1 : 0;
    const cursor =
      rows > 0
        ? client.query(
            withoutReadTimeout(new QueryStream(
              `SELECT stream_position, event_id::text AS event_id, type, data::text AS data, metadata::text AS metadata, encode(hash, 'hex') AS hash
                 FROM event_log WHERE stream_id = $1 AND stream_position BETWEEN $2 AND $3 ORDER BY stream_position`,
              [streamId, b.first, b.last],
              { batchSize: FETCH_ROWS },
            )),
          )
        : Readable.from([]);

    let previousHash = b.previousHash;
    let written = 0;
    let lastPosition = rows > 0 ? b.first! - 1 : (b.last ?? 0);
    let headHash = rows > 0 ? b.previousHash : b.lastHash;
    const lines = new Transform({
      writableObjectMode: true,
      transform(e: EventLine, _enc, done) {
        try {
          const chained: ChainedEvent = {
            streamId,
            position: Number(e.stream_position),
            eventId: e.event_id,
            type: e.type,
            data: e.data,
            metadata: e.metadata,
            previousHash,
            hash: e.hash ?? '',
          };
          const row = rowOf(chained);
          previousHash = chained.hash;
          lastPosition = chained.position;
          headHash = chained.hash;
          written++;
          done(null, formatRow(range.format, row));
        } catch (err) {
          done(err as Error);
        }
      },
      flush(done) {
        const signed = key.sign({ orgId: range.orgId, position: lastPosition, headHash, count: written, at: new Date().toISOString() });
        done(null, statementLine(range.format, signed));
      },
    });
    if (range.format === 'csv') lines.push(csvHeader());

    // Whatever ends the body (the last line, an error, a client gone), the cursor closes and the connection goes back.
    const finish = (err?: Error) => {
      cursor.destroy();
      void release(err);
    };
    cursor.on('error', (err) => {
      lines.destroy(err);
      finish(err);
    });
    lines.on('close', () => finish());
    lines.on('end', () => finish());
    cursor.pipe(lines);
    return { rows, body: lines };
  } catch (err) {
    await release(err as Error);
    throw err;
  }
}
