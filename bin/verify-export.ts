/**
 * Checks a ledger export offline, with no database:
 *   npm run verify-export -- ledger.csv|ledger.jsonl [--public-key key.pem]
 * `--public-key`: a PEM file, the saved answer of GET /api/audit/public-key, or the PEM itself.
 * Without it the signature is checked with the key the file names (which proves nothing about who signed).
 * Exit code 0 when every row and the signature hold, 1 naming the first row that fails, 2 for a usage error.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { formatOf, verifyExport } from '../services/audit/export/verify-export.ts';

function publicKeyFrom(value: string): string {
  const text = existsSync(value) ? readFileSync(value, 'utf8') : value;
  if (text.trim().startsWith('{')) return (JSON.parse(text) as { publicKey: string }).publicKey;
  return text.replaceAll('\\n', '\n');
}

async function firstLineOf(file: string): Promise<string> {
  const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  const keyAt = args.indexOf('--public-key');
  const publicKey = keyAt >= 0 ? args.splice(keyAt, 2)[1] : undefined;
  const file = args[0];
  if (!file || (keyAt >= 0 && !publicKey) || !existsSync(file)) {
    console.error('usage: npm run verify-export -- <export.csv|export.jsonl> [--public-key <key.pem>]');
    return 2;
  }
  const format = formatOf(file, await firstLineOf(file));
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const check = await verifyExport(lines, format, publicKey ? publicKeyFrom(publicKey) : undefined);
  if (!check.ok) {
    const f = check.failure!;
    console.log(`FAILED: line ${f.line}${f.position === null ? '' : ` (position ${f.position})`}: ${f.reason}`);
    return 1;
  }
  const s = check.statement!;
  console.log(
    `OK: ${check.rows} rows of organization ${s.statement.orgId}, chain head at position ${s.statement.position} (${s.statement.headHash}), signed ${s.statement.at} by key ${s.keyId}`,
  );
  if (check.signatureCheckedWith === 'embedded') {
    console.log('The signature was checked with the key named in the file: pass --public-key (GET /api/audit/public-key) to check it is the service\'s.');
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
