import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * A signed statement of an organization's chain head: "the chain of this organization's stream had
 * `count` events, the last at `position` with hash `headHash`, at `at`". Exports end with one, the
 * daily job keeps one per organization. Signed with Ed25519 over its canonical JSON (these keys, in
 * this order). Nothing here touches a database: the offline verifier uses it.
 */
export interface HeadStatement {
  orgId: string;
  position: number;
  headHash: string;
  count: number;
  at: string;
}

export interface SignedStatement {
  statement: HeadStatement;
  /** Base64 Ed25519 signature of `canonicalStatement(statement)`. */
  signature: string;
  keyId: string;
  /** The signing key's public half (SPKI PEM), for reading; trust the one published at GET /api/audit/public-key. */
  publicKey: string;
}

export const canonicalStatement = (s: HeadStatement): string =>
  JSON.stringify({ orgId: s.orgId, position: s.position, headHash: s.headHash, count: s.count, at: s.at });

/** A short id of a public key: the first 16 hex digits of the sha256 of its SPKI DER. */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);

export function verifyStatement(signed: Pick<SignedStatement, 'statement' | 'signature'>, publicKeyPem: string): boolean {
  try {
    return verify(null, Buffer.from(canonicalStatement(signed.statement)), createPublicKey(publicKeyPem), Buffer.from(signed.signature, 'base64'));
  } catch {
    return false;
  }
}

/** The last line of a JSONL export; the CSV's last record is `#signed` and this JSON. */
export const STATEMENT_MARK = '#signed';
