import { useState } from 'react';
import { buildUrl, errorMessage } from '../lib/api';
import { saveBlob } from '../lib/download';
import { formatNumber } from '../lib/format';
import './export-ledger.css';

type Format = 'csv' | 'jsonl';

/** Reads the export as it streams, counting its lines against the rows the server announced. */
async function download(url: string, onProgress: (done: number, total: number) => void): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok || !res.body) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text itself
    }
    throw new Error(errorMessage(body, `The export could not be made (${res.status})`));
  }
  const total = Number(res.headers.get('x-export-rows') ?? 0);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'ledger';
  const reader = res.body.getReader();
  const chunks: BlobPart[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const b of value) if (b === 10) lines++;
    onProgress(Math.min(lines, total), total);
  }
  return { blob: new Blob(chunks, { type: res.headers.get('content-type') ?? 'text/plain' }), name };
}

/**
 * "Export ledger": an organization's credit history as CSV or JSONL, every row with its position,
 * hash and previous hash, ending with a signed statement (check it offline: npm run verify-export).
 * A long export shows how many rows have arrived.
 */
export function ExportLedgerButton({ path, orgId }: { path: '/api/admin/export/ledger' | '/api/me/export/ledger'; orgId?: string }) {
  const [format, setFormat] = useState<Format>('csv');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const start = async () => {
    setError(null);
    setProgress({ done: 0, total: 0 });
    try {
      const { blob, name } = await download(buildUrl(path, { orgId, format }), (done, total) => setProgress({ done, total }));
      saveBlob(blob, name);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="export-ledger">
      <label className="export-ledger__format">
        Format{' '}
        <select className="input input--auto" value={format} disabled={busy} onChange={(e) => setFormat(e.target.value as Format)}>
          <option value="csv">CSV</option>
          <option value="jsonl">JSONL</option>
        </select>
      </label>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void start()}>
        {busy ? 'Exporting...' : 'Export ledger'}
      </button>
      <div role="status" className="export-ledger__status">
        {progress && (
          <>
            <progress max={100} value={percent} aria-label="Export progress" />{' '}
            <span className="muted">
              {formatNumber(progress.done)} of {formatNumber(progress.total)} rows
            </span>
          </>
        )}
        {error && <span className="export-ledger__error">{error}</span>}
      </div>
    </div>
  );
}
