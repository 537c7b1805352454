import { chainHash } from '../../eventstore/hash-chain.ts';
import { chainedOf, COLUMNS, csvHeader, formatRow, parseCsvLine, rowOf, type ExportFormat } from './rows.ts';
import { STATEMENT_MARK, verifyStatement, type SignedStatement } from './statement.ts';

/**
 * Checks a ledger export with no database: every row rebuilt from the fields its hash covers (so any
 * changed byte shows), every hash recomputed, every row linked to the one before (a removed or moved
 * row shows), and the signed statement at the end (the count and head of the rows, its signature).
 */
export interface ExportCheck {
  ok: boolean;
  rows: number;
  /** The first row that fails: its line in the file (1 = the first line), its position if it could be read, and why. */
  failure: { line: number; position: number | null; reason: string } | null;
  statement: SignedStatement | null;
  /** Whose key the signature was checked with: the one given (`given`), or only the one the file names (`embedded`). */
  signatureCheckedWith: 'given' | 'embedded' | null;
}

/** Records of the file: lines, except that a CSV record may go on past a line break inside quotes. */
async function* records(lines: AsyncIterable<string>, format: ExportFormat): AsyncGenerator<{ line: number; text: string }> {
  let n = 0;
  let pending: { line: number; text: string } | null = null;
  for await (const raw of lines) {
    n++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (format === 'jsonl') {
      if (line !== '') yield { line: n, text: line };
      continue;
    }
    pending = pending ? { line: pending.line, text: `${pending.text}\n${line}` } : { line: n, text: line };
    if ((pending.text.match(/"/g)?.length ?? 0) % 2 === 0) {
      if (pending.text !== '') yield pending;
      pending = null;
    }
  }
  if (pending) yield pending;
}

export function formatOf(fileName: string, firstLine: string): ExportFormat {
  if (fileName.endsWith('.jsonl') || fileName.endsWith('.ndjson')) return 'jsonl';
  if (fileName.endsWith('.csv')) return 'csv';
  return firstLine.startsWith('{') ? 'jsonl' : 'csv';
}

function statementOf(format: ExportFormat, text: string): SignedStatement | null {
  if (format === 'csv') {
    if (!text.startsWith(`${STATEMENT_MARK},`)) return null;
    const fields = parseCsvLine(text);
    return fields.length === 2 ? (JSON.parse(fields[1]) as SignedStatement) : null;
  }
  const value = JSON.parse(text) as Partial<SignedStatement>;
  return value && typeof value === 'object' && 'statement' in value && 'signature' in value ? (value as SignedStatement) : null;
}

export async function verifyExport(lines: AsyncIterable<string>, format: ExportFormat, publicKeyPem?: string): Promise<ExportCheck> {
  let rows = 0;
  let streamId: string | null = null;
  let previous: { position: number; hash: string } | null = null;
  let statement: SignedStatement | null = null;
  let statementLine = 0;
  const fail = (line: number, position: number | null, reason: string): ExportCheck => ({ ok: false, rows, failure: { line, position, reason }, statement, signatureCheckedWith: null });

  let first = true;
  for await (const { line, text } of records(lines, format)) {
    if (statement) return fail(line, null, `a line after the signed statement (line ${statementLine})`);
    if (first && format === 'csv') {
      first = false;
      if (`${text}\n` !== csvHeader()) return fail(line, null, `the header is not ${COLUMNS.join(',')}`);
      continue;
    }
    first = false;
    let signed: SignedStatement | null = null;
    try {
      signed = statementOf(format, text);
    } catch {
      signed = null;
    }
    if (signed) {
      statement = signed;
      statementLine = line;
      continue;
    }
    let chained: ReturnType<typeof chainedOf>;
    try {
      chained = chainedOf(format, text);
    } catch (err) {
      return fail(line, null, `cannot be read (${(err as Error).message})`);
    }
    const { position } = chained;
    streamId ??= chained.streamId;
    if (chained.streamId !== streamId) return fail(line, position, `belongs to another stream (${chained.streamId})`);
    if (previous && position !== previous.position + 1) return fail(line, position, `position ${position} follows ${previous.position}: a row is missing or out of order`);
    if (previous && chained.previousHash !== previous.hash) return fail(line, position, 'its previous hash is not the hash of the row before: a row is missing or out of order');
    if (chainHash(chained.previousHash, chained) !== chained.hash) return fail(line, position, 'its hash does not match its content: the row was changed');
    let rebuilt: string;
    try {
      rebuilt = formatRow(format, rowOf(chained));
      previous = { position, hash: chained.hash };
    } catch (err) {
      return fail(line, position, `cannot be read (${(err as Error).message})`);
    }
    if (rebuilt !== `${text}\n`) return fail(line, position, 'a field differs from what the hashed event says: the row was changed');
    rows++;
  }

  if (!statement) return fail(statementLine || rows + 1, null, 'the export does not end with its signed statement (cut short?)');
  const s = statement.statement;
  if (!s || typeof s !== 'object') return fail(statementLine, null, 'the signed statement cannot be read');
  if (s.count !== rows) return fail(statementLine, null, `the signed statement counts ${s.count} rows, the file has ${rows}: a row was removed or added`);
  if (previous && (s.position !== previous.position || s.headHash !== previous.hash)) {
    return fail(statementLine, null, 'the signed statement names another head than the last row: rows were removed or added at the end');
  }
  if (streamId && streamId !== `org-${s.orgId}`) return fail(statementLine, null, `the signed statement is of another organization (${s.orgId})`);
  const key = publicKeyPem ?? statement.publicKey;
  if (!key || !verifyStatement(statement, key)) {
    return fail(statementLine, null, publicKeyPem ? 'the signature does not verify with the public key given' : 'the signature does not verify');
  }
  return { ok: true, rows, failure: null, statement, signatureCheckedWith: publicKeyPem ? 'given' : 'embedded' };
}
